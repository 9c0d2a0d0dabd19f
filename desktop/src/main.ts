/**
 * The Electron entry (bundled to main/main.js). Everything it does lives in createDesktopApp,
 * which is tested under Node with a stand-in for this module.
 */
import os from "node:os";
import log from "electron-log/main";
import * as electron from "electron";
import { createDesktopApp } from "./desktop-app";
import { configureLogFile } from "./log-file";

// The server bundle is imported later (desktop.start()); React and Remix read NODE_ENV when first
// loaded, and the desktop app serves the production build.
process.env.NODE_ENV ??= "production";

const { app, dialog } = electron;

// Uncaught errors of the main process go to the log file too.
log.errorHandler.startCatching({ showDialog: false });

// The module itself is the ElectronApi (desktop/'s typecheck holds it to those types).
const desktop = createDesktopApp<electron.BrowserWindow>({
  electron,
  appRoot: app.getAppPath(),
  networkInterfaces: () => os.networkInterfaces(),
  log,
  configureLog: (folder) => configureLogFile(log, folder),
  loadUpdater: async () => (await import("electron-updater")).autoUpdater,
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.quit());

desktop.start().catch((error: unknown) => {
  dialog.showErrorBox(
    "Sagacity Bites could not start",
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  app.exit(1);
});
