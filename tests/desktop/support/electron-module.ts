/**
 * The stand-in served as the `electron` module to a packaged main/main.js run under Node (see
 * electron-hook.mjs). It reports on stdout, one JSON line each, the URL the window loads and any
 * dialog, and exits the process when the app has quit, as Electron would.
 */
import { createFakeElectron } from "./fake-electron";

const fake = createFakeElectron({
  userData: process.env.STANDIN_USER_DATA!,
  appPath: process.env.STANDIN_APP_PATH!,
});

function report(event: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

let reported = 0;
const watcher = setInterval(() => {
  const url = fake.windows[0]?.loadedUrls[0];
  if (url && !reported) {
    reported = 1;
    report({ event: "window", url, webPreferences: fake.windows[0]!.options.webPreferences });
  }
  for (const box of fake.messageBoxes.splice(0)) report({ event: "dialog", ...box.options });
}, 20);
watcher.unref();

void fake.quitted.then(() => {
  for (const box of fake.messageBoxes.splice(0)) report({ event: "dialog", ...box.options });
  report({ event: "quit", exitCode: fake.state.exitCode ?? 0 });
  process.exit(fake.state.exitCode ?? 0);
});

const electron = fake.electron as unknown as Record<string, unknown>;
export const app = electron.app;
export const BrowserWindow = electron.BrowserWindow;
export const clipboard = electron.clipboard;
export const dialog = electron.dialog;
export const ipcMain = electron.ipcMain;
export const Menu = electron.Menu;
export const safeStorage = electron.safeStorage;
export const screen = electron.screen;
export const session = electron.session;
export const shell = electron.shell;
export const utilityProcess = electron.utilityProcess;
// The same object for require("electron") (electron-cjs.cjs).
(globalThis as Record<string, unknown>).__sagacityStandInElectron = electron;
