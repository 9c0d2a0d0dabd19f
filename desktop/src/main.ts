/**
 * The Electron entry (bundled to main/main.js). Everything it does lives in createDesktopApp,
 * which is tested under Node with a stand-in for this module.
 */
import os from "node:os";
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, safeStorage, screen, session, shell } from "electron";
import { createDesktopApp } from "./desktop-app";
import type { ElectronApi } from "./electron-api";

// The server bundle is imported later (desktop.start()); React and Remix read NODE_ENV when first
// loaded, and the desktop app serves the production build.
process.env.NODE_ENV ??= "production";

const electron: ElectronApi<BrowserWindow> = {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  safeStorage,
  screen,
  session,
  shell,
};

const desktop = createDesktopApp({
  electron,
  appRoot: app.getAppPath(),
  networkInterfaces: () => os.networkInterfaces(),
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.quit());

desktop.start().catch((error: unknown) => {
  dialog.showErrorBox(
    "Sagacity Bites could not start",
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  app.exit(1);
});
