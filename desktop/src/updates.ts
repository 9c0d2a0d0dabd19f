import fs from "node:fs";
import path from "node:path";

/**
 * Updates from GitHub Releases with electron-updater (mac: the zip beside the DMG; Windows: the
 * NSIS installer). electron-builder writes resources/app-update.yml only when the build has a
 * publish configuration: without that file updates stay off and electron-updater is not loaded.
 */

/** The part of electron-updater's autoUpdater used here. */
export interface UpdaterLike {
  logger: unknown;
  autoDownload: boolean;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
  quitAndInstall(): void;
  on(
    event: "update-available" | "update-not-available" | "update-downloaded",
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** app.asar sits in resources/, beside app-update.yml. */
export function updateConfigFile(appRoot: string) {
  return path.join(path.dirname(appRoot), "app-update.yml");
}

export function updatesConfigured(appRoot: string, isPackaged: boolean) {
  return isPackaged && fs.existsSync(updateConfigFile(appRoot));
}
