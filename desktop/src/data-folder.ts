import path from "node:path";

/** Set it to keep the desktop app's data somewhere else (a portable install, a second profile). */
export const DATA_FOLDER_ENV = "SAGACITY_DATA_DIR";

export interface DataPaths {
  folder: string;
  database: string;
  backups: string;
  logs: string;
  settings: string;
  windowState: string;
}

/** The data folder: the env override when set, else the OS user-data folder Electron gives. */
export function resolveDataFolder(env: Record<string, string | undefined>, userDataFolder: string) {
  const override = env[DATA_FOLDER_ENV]?.trim();
  return override
    ? { folder: path.resolve(override), overridden: true }
    : { folder: userDataFolder, overridden: false };
}

export function dataPaths(folder: string): DataPaths {
  return {
    folder,
    database: path.join(folder, "sagacity.db"),
    backups: path.join(folder, "backups"),
    logs: path.join(folder, "logs"),
    settings: path.join(folder, "settings.json"),
    windowState: path.join(folder, "window-state.json"),
  };
}
