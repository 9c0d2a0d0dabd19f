import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";
import {
  AiSettingsError,
  aiEndpoint,
  aiConfigOverrides,
  aiSettingsView,
  mergeAiSettings,
  storedAiSettingsSchema,
  type AiCheckView,
  type KeyVault,
  type StoredAiSettings,
} from "./ai-settings";
import { APP_ID, CREDITS, PRODUCT_NAME, TAGLINE } from "./credits";
import { dataPaths, resolveDataFolder, type DataPaths } from "./data-folder";
import {
  assertRestorableBackup,
  backupLiveDatabase,
  NotOurBackupError,
  replaceWithBackup,
  restoreSnapshot,
  snapshotBeforeStart,
  takeDailyBackup,
  takeUpgradeBackup,
  undoRestore,
  type OpenSqliteReader,
} from "./database-backup";
import type {
  BrowserWindowLike,
  ElectronApi,
  MenuItemTemplate,
  MessageBoxOptions,
  WebContentsLike,
  WebPreferences,
} from "./electron-api";
import { IPC } from "./ipc-channels";
import { readJsonFile, writeJsonFile } from "./json-file";
import { buildMenuTemplate, MENU_IDS } from "./menu";
import { externalUrl, isAppUrl, originOf } from "./navigation";
import { lanUrls, type NetworkInterfaces } from "../../app/utils/lan-addresses.server";
import { messageOf } from "./server-protocol";
import { createServerProcess, type RunningServer } from "./server-process";
import { updatesConfigured, type UpdaterLike } from "./updates";
import { initialWindowBounds, MIN_WINDOW_SIZE, trackWindowState, windowStateSchema } from "./window-state";

export interface DesktopAppOptions<W extends BrowserWindowLike = BrowserWindowLike> {
  electron: ElectronApi<W>;
  /** The app folder (app.getAppPath()): build/, db/migrations/, the Bible data and main/. */
  appRoot: string;
  /** The environment the server's config reads: process.env in the app. */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  versions?: Partial<Record<"electron" | "chrome" | "node", string>>;
  networkInterfaces?: () => NetworkInterfaces;
  /** The script the server's utility process runs: main/server-host.js beside the main process. */
  serverHost?: string;
  openSqlite?: OpenSqliteReader;
  /** Points the log file into the data folder's logs/ once the folder is known. */
  configureLog?: (logsFolder: string) => void;
  /** electron-updater's autoUpdater, loaded only when the build can update. */
  loadUpdater?: () => Promise<UpdaterLike>;
  log?: Pick<Console, "log" | "error">;
  /** The server's own start-up lines; printed in development by default. */
  quietServer?: boolean;
}

export type StartResult = "running" | "second-instance" | "failed";

const LOOPBACK = "127.0.0.1";
export const QUIT_ARGUMENT = "--quit";
const ALL_INTERFACES = "0.0.0.0";
const BACKGROUND_COLOR = "#fcfbf8";
/** Permissions the app's pages use; every other request (camera, location, notifications...) is refused. */
const ALLOWED_PERMISSIONS = new Set(["clipboard-sanitized-write"]);

const settingsFileSchema = z.object({
  ai: storedAiSettingsSchema.optional(),
  /** The port last used, tried first next time so bookmarks (and phones) keep working. */
  port: z.number().int().min(1).max(65535).optional(),
  /** The version that last started, to back the data up before a new one migrates it. */
  lastVersion: z.string().optional(),
});
type SettingsFile = z.infer<typeof settingsFileSchema>;

/** A failed first start, with what was done about the database. */
class StartupError extends Error {
  constructor(
    cause: unknown,
    readonly restoredFrom: string | null,
    readonly failedCopy: string | null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * The Bible database the build ships (build/bible.sqlite). SQLite cannot open a file inside an
 * asar archive, so the packaged app has it unpacked beside app.asar; if it is missing, the server
 * builds one in the data folder from db/bible-data at the first start.
 */
function bibleDatabasePath(appRoot: string, dataFolder: string) {
  const shipped = path.join(appRoot.replace(/\.asar$/, ".asar.unpacked"), "build", "bible.sqlite");
  return fs.existsSync(shipped) ? shipped : path.join(dataFolder, "bible.sqlite");
}

/** Sharing was asked for before anyone registered the administrator account. */
class NoAdminAccountError extends Error {}

function isAddressInUse(error: unknown) {
  return (error as NodeJS.ErrnoException | undefined)?.code === "EADDRINUSE";
}

/**
 * The desktop app's main process, with Electron passed in. `main.ts` gives it the real module;
 * the tests give it a recording stand-in and drive the very same logic under Node.
 */
export function createDesktopApp<W extends BrowserWindowLike>(options: DesktopAppOptions<W>) {
  const { electron, appRoot } = options;
  const { app, BrowserWindow, dialog, shell, Menu } = electron;
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const log = options.log ?? console;
  const serverEntry = path.join(appRoot, "build", "server", "index.js");
  const openSqlite: OpenSqliteReader =
    options.openSqlite ??
    ((file, sqliteOptions) => {
      // better-sqlite3 from the app's own node_modules (rebuilt for Electron when packaged).
      const Database = createRequire(path.join(appRoot, "package.json"))("better-sqlite3");
      return new Database(file, sqliteOptions);
    });

  /** On Linux without a keyring, Chromium seals with a fixed password: encrypted, but not protected. */
  const keyringProtects = () =>
    electron.safeStorage.isEncryptionAvailable() &&
    !(platform === "linux" && electron.safeStorage.getSelectedStorageBackend() === "basic_text");

  const vault: KeyVault = {
    seal(key) {
      return electron.safeStorage.isEncryptionAvailable()
        ? { encrypted: true, value: electron.safeStorage.encryptString(key).toString("base64") }
        : { encrypted: false, value: key };
    },
    open(stored) {
      return stored.encrypted ? electron.safeStorage.decryptString(Buffer.from(stored.value, "base64")) : stored.value;
    },
  };

  let paths: DataPaths | undefined;
  let settings: SettingsFile = {};
  /** The saved key could not be decrypted at start: the settings window asks for it again. */
  let keyUnreadable = false;
  let server: RunningServer | undefined;
  let sharing = false;
  let mainWindow: W | undefined;
  let settingsWindow: W | undefined;
  let serverTask: Promise<unknown> = Promise.resolve();
  let quitState: "running" | "shutting-down" | "done" = "running";

  const requirePaths = () => {
    if (!paths) throw new Error("The data folder is not chosen yet");
    return paths;
  };
  // The window's origin: kept through a restart, so in-app links stay in the app meanwhile.
  let origin: string | null = null;
  const appOrigin = () => origin;
  const appUrl = (pathname = "/") => `${origin}${pathname}`;

  function saveSettings() {
    writeJsonFile(requirePaths().settings, settings, { mode: 0o600 });
  }

  /**
   * A saved key the keychain will not open (access denied after an update of an ad hoc signed
   * build, a data folder from another computer or user) counts as no key: the app starts with
   * the built-in generator and AI Settings asks for the key again.
   */
  function withReadableKey(ai: StoredAiSettings | undefined): StoredAiSettings | undefined {
    if (!ai?.apiKey) return ai;
    try {
      vault.open(ai.apiKey);
      return ai;
    } catch (error) {
      log.error(`The saved AI key could not be decrypted, so it is treated as not saved: ${messageOf(error)}`);
      keyUnreadable = true;
      const { apiKey: _unreadable, ...rest } = ai;
      return rest;
    }
  }

  const serverProcess = createServerProcess({
    utilityProcess: electron.utilityProcess,
    hostScript: options.serverHost ?? path.join(appRoot, "main", "server-host.js"),
    serverEntry,
    env,
    log,
    onUnexpectedExit: (code) => void serverCrashed(code),
  });

  // ---- the server -------------------------------------------------------------------------

  async function listen(host: string, preferredPort: number | undefined): Promise<RunningServer> {
    const { database } = requirePaths();
    const base = {
      host,
      databasePath: database,
      migrationsFolder: path.join(appRoot, "db", "migrations"),
      publicDir: path.join(appRoot, "build", "client"),
      quiet: options.quietServer ?? app.isPackaged,
      // Sharing opens the server to the whole Wi-Fi: sign-up then takes an invite (signup.server.ts).
      configOverrides: { ...aiConfigOverrides(settings.ai, vault), SHARED_ON_LAN: String(host === ALL_INTERFACES) },
    };
    try {
      return await serverProcess.start({ ...base, port: preferredPort ?? 0 });
    } catch (error) {
      // Last time's port is taken now (another program): any free port will do.
      if (preferredPort && isAddressInUse(error)) return serverProcess.start({ ...base, port: 0 });
      throw error;
    }
  }

  /** The server's process ended on its own (a crash): say so, and quit rather than show a dead window. */
  async function serverCrashed(code: number) {
    server = undefined;
    log.error(`The server process ended unexpectedly (exit ${code})`);
    if (quitState !== "running") return;
    await showMessage({
      type: "error",
      title: `${PRODUCT_NAME} stopped`,
      message: "The app's server stopped unexpectedly.",
      detail: `Start ${PRODUCT_NAME} again. The log file (Help > Open Log Folder) says what happened.`,
    });
    app.quit();
  }

  function serverStarted(running: RunningServer) {
    server = running;
    origin = `http://${LOOPBACK}:${running.port}`;
    rememberPort(running.port);
  }

  function rememberPort(port: number) {
    if (settings.port === port) return;
    settings = { ...settings, port };
    saveSettings();
  }

  /**
   * The rotating copies: today's (the last 7 days kept), and one before a new version's first
   * start. A copy that cannot be made is logged; it does not stop the app.
   */
  async function takeBackups() {
    const { database, backups } = requirePaths();
    const version = app.getVersion();
    try {
      await takeDailyBackup(database, backups, openSqlite);
      if (settings.lastVersion && settings.lastVersion !== version) {
        await takeUpgradeBackup(database, backups, settings.lastVersion, openSqlite);
      }
    } catch (error) {
      log.error(error);
    }
    if (settings.lastVersion !== version) {
      settings = { ...settings, lastVersion: version };
      saveSettings();
    }
  }

  /** First start: back the database up, start, and put the backup back if anything fails. */
  async function startServerSafely() {
    const { database, backups } = requirePaths();
    const snapshot = snapshotBeforeStart(database, backups);
    try {
      serverStarted(await listen(LOOPBACK, settings.port));
    } catch (error) {
      const { failedCopy } = restoreSnapshot(snapshot, database, backups);
      throw new StartupError(error, snapshot?.files[0]?.copy ?? null, failedCopy);
    }
  }

  /**
   * Stops the server and starts it again on `host` (sharing on or off, new AI settings), on the
   * same port when it can so the window and the phones keep their address. `requireAdmin` leaves
   * it running as it is when no admin account exists.
   */
  function restartServer(host: string, { requireAdmin = false } = {}) {
    const task = serverTask.then(async () => {
      // Without an admin, the first person on the network to register would become it. Checked
      // here, between restarts, while the database is open.
      if (requireAdmin && !(await serverProcess.hasAdminAccount())) throw new NoAdminAccountError();
      const previous = server;
      if (!previous) throw new Error("The server is not running");
      const previousOrigin = origin;
      await previous.close();
      server = undefined;
      try {
        serverStarted(await listen(host, previous.port));
      } catch (error) {
        // Keep the app usable on this computer even when the new binding failed.
        serverStarted(await listen(LOOPBACK, previous.port));
        throw error;
      } finally {
        if (origin !== previousOrigin) reloadAtNewOrigin(previousOrigin);
      }
    });
    serverTask = task.catch(() => {});
    return task;
  }

  function reloadAtNewOrigin(previousOrigin: string | null) {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    const current = mainWindow.webContents.getURL();
    const pathname = previousOrigin && current.startsWith(previousOrigin) ? current.slice(previousOrigin.length) : "/";
    void mainWindow.loadURL(appUrl(pathname || "/"));
  }

  // ---- sharing ------------------------------------------------------------------------------

  async function setSharing(on: boolean) {
    if (on === sharing) return;
    try {
      await restartServer(on ? ALL_INTERFACES : LOOPBACK, { requireAdmin: on });
      sharing = on;
    } catch (error) {
      sharing = server?.host === ALL_INTERFACES;
      if (error instanceof NoAdminAccountError) {
        await showMessage({
          type: "warning",
          title: "Share with my group",
          message: "Create the administrator account first.",
          detail: "Open the app, register, then turn on sharing. The first account becomes the administrator.",
        });
      } else {
        log.error(error);
        await showMessage({
          type: "error",
          title: "Share with my group",
          message: on ? "Sharing could not be turned on." : "Sharing could not be turned off.",
          detail: messageOf(error),
        });
      }
    }
    updateMenu();
    if (on && sharing) await showShareAddress();
  }

  function shareUrls() {
    return server ? lanUrls(server.port, options.networkInterfaces?.()) : [];
  }

  async function showShareAddress() {
    if (!sharing || !server) return;
    const urls = shareUrls();
    const detail = urls.length
      ? `On phones, tablets and laptops connected to the same Wi-Fi, open:\n\n${urls.join("\n")}\n\n` +
        "Everyone signs in with their own account. Turn sharing off in the File menu when the group is done."
      : "This computer has no local network address right now. Connect to the group's Wi-Fi, then choose File > Show Group Address.";
    const { response } = await showMessage({
      type: "info",
      title: "Share with my group",
      message: `${PRODUCT_NAME} is shared on your local network`,
      detail,
      buttons: urls.length ? ["OK", "Copy Address"] : ["OK"],
      defaultId: 0,
      cancelId: 0,
    });
    if (response === 1 && urls[0]) electron.clipboard.writeText(urls[0]);
  }

  // ---- windows ------------------------------------------------------------------------------

  function securePreferences(preload: string): WebPreferences {
    return {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
    };
  }

  function openExternally(url: string) {
    const target = externalUrl(url);
    if (target) void electron.shell.openExternal(target);
  }

  /** Only the local server's pages load in the app; other web links open in the system browser. */
  function guardNavigation(contents: WebContentsLike) {
    const guard = (event: { preventDefault(): void }, url: string) => {
      if (isAppUrl(url, appOrigin())) return;
      event.preventDefault();
      openExternally(url);
    };
    contents.on("will-navigate", guard);
    contents.on("will-redirect", guard);
    contents.on("will-attach-webview", (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAppUrl(url, appOrigin())) {
        // A link meant for a new tab stays in the one window.
        if (mainWindow && !mainWindow.isDestroyed()) void mainWindow.loadURL(url);
      } else {
        openExternally(url);
      }
      return { action: "deny" };
    });
  }

  function createMainWindow() {
    const { windowState } = requirePaths();
    const saved = readJsonFile(windowState, windowStateSchema);
    const bounds = initialWindowBounds(
      saved,
      electron.screen.getAllDisplays().map((display) => display.workArea),
    );
    const window = new BrowserWindow({
      ...bounds,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      show: false,
      title: PRODUCT_NAME,
      backgroundColor: BACKGROUND_COLOR,
      ...(platform === "linux" ? { icon: path.join(appRoot, "main", "icon.png") } : {}),
      webPreferences: securePreferences(path.join(appRoot, "main", "preload.cjs")),
    });
    mainWindow = window;
    if (saved?.maximized) window.maximize();
    window.once("ready-to-show", () => window.show());
    trackWindowState(window, (state) => writeJsonFile(windowState, state));
    window.on("closed", () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    window.webContents.on("did-finish-load", () => log.log(`The window loaded ${window.webContents.getURL()}`));
    window.webContents.on("did-fail-load", (_event, errorCode, errorDescription, url) => {
      log.error(`Could not load ${url}: ${errorDescription} (${errorCode})`);
    });
    void window.loadURL(appUrl("/"));
    return window;
  }

  function focusMainWindow() {
    if (!mainWindow || mainWindow.isDestroyed()) {
      if (server) createMainWindow();
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    if (!mainWindow.isVisible()) mainWindow.show();
    mainWindow.focus();
  }

  function openAiSettings() {
    if (settingsWindow && !settingsWindow.isDestroyed()) {
      settingsWindow.focus();
      return;
    }
    const window = new BrowserWindow({
      width: 560,
      height: 700,
      minWidth: 420,
      minHeight: 520,
      parent: mainWindow,
      modal: Boolean(mainWindow),
      show: false,
      title: "AI Settings",
      backgroundColor: BACKGROUND_COLOR,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      autoHideMenuBar: true,
      webPreferences: securePreferences(path.join(appRoot, "main", "settings-preload.cjs")),
    });
    settingsWindow = window;
    window.removeMenu();
    window.once("ready-to-show", () => window.show());
    window.on("closed", () => {
      if (settingsWindow === window) settingsWindow = undefined;
    });
    void window.loadFile(path.join(appRoot, "main", "settings.html"));
  }

  function isSettingsWindow(sender: WebContentsLike) {
    return Boolean(settingsWindow && !settingsWindow.isDestroyed() && settingsWindow.webContents.id === sender.id);
  }

  async function saveAiSettings(input: unknown): Promise<{ ok: true } | { ok: false; error: string }> {
    let next: StoredAiSettings;
    try {
      next = mergeAiSettings(settings.ai, input, vault);
    } catch (error) {
      if (error instanceof AiSettingsError) return { ok: false, error: error.message };
      throw error;
    }
    settings = { ...settings, ai: next };
    keyUnreadable &&= !next.apiKey;
    saveSettings();
    try {
      // The server reads its configuration when it starts.
      await restartServer(sharing ? ALL_INTERFACES : LOOPBACK);
    } catch (error) {
      log.error(error);
      return { ok: false, error: `Saved, but the server could not restart: ${messageOf(error)}` };
    }
    return { ok: true };
  }

  /** "Test connection": checks what the window holds, as it would be saved, without saving it. */
  async function testAiSettings(
    input: unknown,
  ): Promise<{ ok: true; check: AiCheckView } | { ok: false; error: string }> {
    let candidate: StoredAiSettings;
    try {
      candidate = mergeAiSettings(settings.ai, input, vault);
    } catch (error) {
      if (error instanceof AiSettingsError) return { ok: false, error: error.message };
      throw error;
    }
    const { check, labels } = await serverProcess.checkAiConnection(aiEndpoint(candidate, vault));
    const steps = check.steps.map((step) => ({ ...step, label: labels[step.name] ?? step.name }));
    return { ok: true, check: { ...check, steps } };
  }

  function registerIpc() {
    electron.ipcMain.handle(IPC.loadAiSettings, (event) => {
      if (!isSettingsWindow(event.sender)) throw new Error("Not allowed");
      return aiSettingsView(settings.ai, keyringProtects(), keyUnreadable);
    });
    electron.ipcMain.handle(IPC.saveAiSettings, (event, input: unknown) => {
      if (!isSettingsWindow(event.sender)) throw new Error("Not allowed");
      return saveAiSettings(input);
    });
    electron.ipcMain.handle(IPC.testAiSettings, (event, input: unknown) => {
      if (!isSettingsWindow(event.sender)) throw new Error("Not allowed");
      return testAiSettings(input);
    });
    electron.ipcMain.handle(IPC.closeAiSettings, (event) => {
      if (isSettingsWindow(event.sender)) settingsWindow?.close();
    });
  }

  // ---- dialogs and menu ---------------------------------------------------------------------

  function showMessage(messageOptions: MessageBoxOptions) {
    const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
    return parent ? dialog.showMessageBox(parent, messageOptions) : dialog.showMessageBox(messageOptions);
  }

  async function showAbout() {
    const versions = options.versions ?? process.versions;
    const { response } = await showMessage({
      type: "info",
      title: `About ${PRODUCT_NAME}`,
      message: `${PRODUCT_NAME} ${app.getVersion()}`,
      detail:
        `${TAGLINE}: lesson plans, reading plans with daily devotionals, sermon summaries and a personal library, ` +
        "for believers and small-group leaders. Works offline with the built-in study generator.\n\n" +
        `Electron ${versions.electron ?? "?"} · Chromium ${versions.chrome ?? "?"} · Node.js ${versions.node ?? "?"}\n\n` +
        `Data folder: ${requirePaths().folder}`,
      buttons: ["OK", "Credits"],
      defaultId: 0,
      cancelId: 0,
    });
    if (response === 1) await showCredits();
  }

  function showCredits() {
    return showMessage({
      type: "info",
      title: "Credits",
      message: `${PRODUCT_NAME} credits`,
      detail: CREDITS,
      buttons: ["OK"],
    });
  }

  async function backUpData() {
    const { database } = requirePaths();
    const day = new Date().toISOString().slice(0, 10);
    const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
    if (!parent) return;
    const choice = await dialog.showSaveDialog(parent, {
      title: "Back Up Data",
      defaultPath: path.join(app.getPath("documents"), `${PRODUCT_NAME} backup ${day}.db`),
      buttonLabel: "Save Backup",
      filters: [{ name: "SQLite database", extensions: ["db"] }],
    });
    if (choice.canceled || !choice.filePath) return;
    try {
      await backupLiveDatabase(database, choice.filePath, openSqlite);
      await showMessage({
        type: "info",
        title: "Back Up Data",
        message: "Backup saved",
        detail: `${choice.filePath}\n\nTo restore it, choose File > Restore from Backup….`,
      });
    } catch (error) {
      log.error(error);
      await showMessage({
        type: "error",
        title: "Back Up Data",
        message: "The backup could not be saved.",
        detail: messageOf(error),
      });
    }
  }

  /**
   * File > Restore from Backup…: choose a copy, check it is one of ours, confirm, then restart
   * the server on it. The current database is kept aside in backups/ first; if the restored copy
   * fails to start, the current one is put back.
   */
  async function restoreFromBackup() {
    const { database, backups } = requirePaths();
    const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
    if (!parent) return;
    const choice = await dialog.showOpenDialog(parent, {
      title: "Restore from Backup",
      defaultPath: backups,
      buttonLabel: "Restore",
      filters: [{ name: "SQLite database", extensions: ["db", "sqlite"] }],
      properties: ["openFile"],
    });
    const file = choice.filePaths[0];
    if (choice.canceled || !file) return;
    try {
      assertRestorableBackup(file, openSqlite);
    } catch (error) {
      if (!(error instanceof NotOurBackupError)) throw error;
      await showMessage({
        type: "warning",
        title: "Restore from Backup",
        message: "This file cannot be restored.",
        detail: `${file}\n\n${error.message} Nothing was changed.`,
      });
      return;
    }
    const { response } = await showMessage({
      type: "warning",
      title: "Restore from Backup",
      message: "Replace your data with this backup?",
      detail:
        `${file}\n\nEverything saved since this backup was made is replaced by it. Your current data is kept ` +
        `in the backups folder first, so this can be undone. ${PRODUCT_NAME} restarts its server to finish` +
        (sharing ? ", and sharing turns off." : "."),
      buttons: ["Restore and Restart", "Cancel"],
      defaultId: 1,
      cancelId: 1,
    });
    if (response !== 0) return;
    const task = serverTask.then(async () => {
      const previous = server;
      server = undefined;
      sharing = false;
      if (previous) await previous.close();
      const { keptAside } = await replaceWithBackup(file, database, backups, openSqlite);
      try {
        serverStarted(await listen(LOOPBACK, previous?.port));
      } catch (error) {
        undoRestore(keptAside, database);
        serverStarted(await listen(LOOPBACK, previous?.port));
        throw error;
      } finally {
        // The restored data has other pages and sessions: start again from the home page.
        reloadAtNewOrigin(null);
      }
      return keptAside;
    });
    serverTask = task.catch(() => {});
    try {
      const keptAside = await task;
      await showMessage({
        type: "info",
        title: "Restore from Backup",
        message: "The backup was restored.",
        detail: keptAside ? `The data you had before is kept as:\n${keptAside}` : "",
      });
    } catch (error) {
      log.error(error);
      await showMessage({
        type: "error",
        title: "Restore from Backup",
        message: "The backup could not be restored. Your data is as it was.",
        detail: messageOf(error),
      });
    }
    updateMenu();
  }

  // ---- updates ------------------------------------------------------------------------------

  const updatesOn = updatesConfigured(appRoot, app.isPackaged);
  let updater: Promise<UpdaterLike> | undefined;

  /** Loads electron-updater (only for a build that can update) and downloads what it finds. */
  function startUpdater() {
    if (!updatesOn || !options.loadUpdater) return undefined;
    updater ??= options.loadUpdater().then((loaded) => {
      loaded.logger = log;
      loaded.autoDownload = true;
      loaded.on("error", (error) => log.error(error));
      loaded.on("update-downloaded", ({ version }) => void offerUpdateRestart(version));
      return loaded;
    });
    return updater;
  }

  async function offerUpdateRestart(version: string) {
    const { response } = await showMessage({
      type: "info",
      title: "Update ready",
      message: `${PRODUCT_NAME} ${version} is ready to install.`,
      detail: "Restart now to use it, or it is installed the next time you quit.",
      buttons: ["Restart Now", "Later"],
      defaultId: 0,
      cancelId: 1,
    });
    if (response === 0) (await updater)?.quitAndInstall();
  }

  async function checkForUpdates() {
    const loading = startUpdater();
    if (!loading) {
      await showMessage({
        type: "info",
        title: "Check for Updates",
        message: "This build does not update itself.",
        detail: "Download new versions from the project's releases page.",
      });
      return;
    }
    try {
      const result = await (await loading).checkForUpdates();
      await showMessage({
        type: "info",
        title: "Check for Updates",
        message: result?.isUpdateAvailable
          ? `${PRODUCT_NAME} ${result.updateInfo.version} is downloading.`
          : `${PRODUCT_NAME} ${app.getVersion()} is the latest version.`,
        detail: result?.isUpdateAvailable ? "You will be asked to restart when it is ready." : "",
      });
    } catch (error) {
      log.error(error);
      await showMessage({
        type: "error",
        title: "Check for Updates",
        message: "Could not check for updates.",
        detail: messageOf(error),
      });
    }
  }

  let menuTemplate: MenuItemTemplate[] = [];
  function updateMenu() {
    menuTemplate = buildMenuTemplate(
      { platform, developerTools: !app.isPackaged, sharing },
      {
        toggleSharing: () => void setSharing(!sharing),
        showShareAddress: () => void showShareAddress(),
        openAiSettings,
        openDataFolder: () => void shell.openPath(requirePaths().folder),
        backUpData: () => void backUpData(),
        restoreFromBackup: () => void restoreFromBackup(),
        openLogFolder: () => void shell.openPath(requirePaths().logs),
        checkForUpdates: () => void checkForUpdates(),
        showAbout: () => void showAbout(),
        showCredits: () => void showCredits(),
      },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate));
  }

  // ---- life cycle ---------------------------------------------------------------------------

  function hardenSession() {
    const { defaultSession } = electron.session;
    defaultSession.setPermissionRequestHandler((contents, permission, callback, details) => {
      const requestingUrl = details.requestingUrl || contents.getURL();
      callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appOrigin()));
    });
    defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
      return ALLOWED_PERMISSIONS.has(permission) && originOf(requestingOrigin) === appOrigin();
    });
  }

  /** Lets open requests finish, then closes the server and the database; safe to call twice. */
  async function shutdown() {
    await serverTask;
    server = undefined;
    await serverProcess.exit();
  }

  function registerAppEvents() {
    // Another launch: bring the window back; with --quit (the release smoke test, scripts), quit
    // the way the user's Quit does, so the server closes the database cleanly on every OS.
    app.on("second-instance", (_event, argv) => {
      if (argv?.includes(QUIT_ARGUMENT)) app.quit();
      else focusMainWindow();
    });
    app.on("activate", focusMainWindow);
    app.on("window-all-closed", () => {
      // On macOS the app (and a shared server) stays until Quit, as Mac apps do.
      if (platform !== "darwin") app.quit();
    });
    app.on("web-contents-created", (_event, contents) => guardNavigation(contents));
    app.on("before-quit", (event) => {
      if (quitState === "done") return;
      event.preventDefault();
      if (quitState === "shutting-down") return;
      quitState = "shutting-down";
      shutdown()
        .catch((error) => log.error(error))
        .finally(() => {
          quitState = "done";
          app.quit();
        });
    });
  }

  async function reportStartupFailure(error: unknown) {
    log.error(error instanceof StartupError ? error.cause : error);
    const folder = paths?.folder ?? "(not chosen)";
    const restored =
      error instanceof StartupError && error.restoredFrom
        ? `Your data was put back exactly as it was before this start. The copy that failed to open is kept as:\n${error.failedCopy}`
        : "No data was changed.";
    const reason = messageOf(error instanceof StartupError ? error.cause : error);
    const { response } = await dialog.showMessageBox({
      type: "error",
      title: `${PRODUCT_NAME} could not start`,
      message: `${PRODUCT_NAME} could not start.`,
      detail: `${reason}\n\n${restored}\n\nData folder: ${folder}`,
      buttons: ["Quit", "Open Data Folder"],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    if (response === 1 && paths) await shell.openPath(paths.folder);
  }

  async function start(): Promise<StartResult> {
    if (!app.requestSingleInstanceLock()) {
      // Another copy is running: it focuses its window (second-instance) and this one leaves.
      app.quit();
      return "second-instance";
    }
    const { folder, overridden } = resolveDataFolder(env, app.getPath("userData"));
    // With an override, Chromium's own profile (cookies, local storage) moves there too.
    if (overridden) app.setPath("userData", folder);
    paths = dataPaths(folder);
    options.configureLog?.(paths.logs);
    if (platform === "win32") app.setAppUserModelId(APP_ID);
    registerAppEvents();
    await app.whenReady();

    try {
      fs.mkdirSync(folder, { recursive: true });
      const saved = readJsonFile(paths.settings, settingsFileSchema) ?? {};
      settings = { ...saved, ai: withReadableKey(saved.ai) };
      env.BIBLE_DB_PATH ??= bibleDatabasePath(appRoot, folder);
      hardenSession();
      registerIpc();
      serverProcess.spawn();
      await takeBackups();
      await startServerSafely();
    } catch (error) {
      await serverProcess.exit();
      await reportStartupFailure(error);
      quitState = "done";
      app.exit(1);
      return "failed";
    }
    updateMenu();
    createMainWindow();
    void startUpdater()
      ?.then((loaded) => loaded.checkForUpdates())
      .catch((error) => log.error(error));
    return "running";
  }

  return {
    start,
    shutdown,
    setSharing,
    showShareAddress,
    openAiSettings,
    saveAiSettings,
    testAiSettings,
    backUpData,
    restoreFromBackup,
    checkForUpdates,
    get state() {
      return {
        paths,
        server,
        sharing,
        appOrigin: appOrigin(),
        mainWindow,
        settingsWindow,
        menuTemplate,
        shareUrls: shareUrls(),
      };
    },
    /** Resolves once any restart in progress is done. */
    idle: () => serverTask,
  };
}

export type DesktopApp = ReturnType<typeof createDesktopApp>;
export { IPC, MENU_IDS };
