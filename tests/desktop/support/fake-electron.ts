import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import type {
  BrowserWindowLike,
  ElectronApi,
  MenuItemTemplate,
  MessageBoxOptions,
  Rectangle,
  WindowOpenDetails,
  WindowOptions,
} from "../../../desktop/src/electron-api";

/**
 * A thin stand-in for the `electron` module that records what the main process asks of it and
 * behaves like Electron where the logic depends on it: the single-instance lock is shared between
 * stand-ins built on the same `LockRegistry` (the loser's launch emits "second-instance" on the
 * holder), quitting runs "before-quit" (which may be prevented) before it completes, every new
 * window's contents is announced with "web-contents-created", and navigation events can be
 * prevented. Nothing in it serves pages: the real server does.
 */

export interface Call {
  method: string;
  args: unknown[];
}

export interface LockRegistry {
  holder?: FakeElectron;
}

function preventable() {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
  return event;
}

let nextContentsId = 1;

const tsxLoader = import.meta.resolve("tsx");
const parentPortShim = new URL("./parent-port.mjs", import.meta.url).href;

/**
 * utilityProcess.fork as Electron does it: a real child process running the module (TypeScript
 * too, through tsx) with process.parentPort, messages passed as structured clones, "spawn" and
 * "exit" events, and the environment given (process.env by default).
 */
class FakeUtilityProcess extends EventEmitter {
  readonly child: ChildProcess;
  exitCode: number | undefined;

  constructor(modulePath: string, args: string[], options: { env?: NodeJS.ProcessEnv; stdio?: string }) {
    super();
    // tsx only for TypeScript: it would slow every import of the server build down.
    const loaders = modulePath.endsWith(".ts") ? ["--import", tsxLoader] : [];
    this.child = spawn(process.execPath, [...loaders, "--import", parentPortShim, modulePath, ...args], {
      env: options.env ?? process.env,
      stdio: ["ignore", options.stdio ?? "inherit", options.stdio ?? "inherit", "ipc"] as never,
      serialization: "advanced",
    });
    this.child.on("spawn", () => this.emit("spawn"));
    this.child.on("message", (message) => this.emit("message", message));
    this.child.on("exit", (code, signal) => {
      // Electron reports a process ended by a signal with a non-zero code.
      this.exitCode = code ?? (signal ? 128 : 1);
      this.emit("exit", this.exitCode);
    });
  }
  get pid() {
    return this.child.pid;
  }
  get stdout() {
    return this.child.stdout;
  }
  get stderr() {
    return this.child.stderr;
  }
  postMessage(message: unknown) {
    if (this.child.connected) this.child.send(message as never);
  }
  kill() {
    return this.child.kill();
  }
  get alive() {
    return this.exitCode === undefined;
  }
}

class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  url = "";
  openHandler?: (details: WindowOpenDetails) => { action: "allow" | "deny" };

  getURL() {
    return this.url;
  }

  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: "allow" | "deny" }) {
    this.openHandler = handler;
  }

  /** A link click in the page: returns true when the main process let it through. */
  navigate(url: string) {
    const event = preventable();
    this.emit("will-navigate", event, url);
    if (!event.defaultPrevented) this.url = url;
    return !event.defaultPrevented;
  }

  redirect(url: string) {
    const event = preventable();
    this.emit("will-redirect", event, url);
    return !event.defaultPrevented;
  }

  attachWebview() {
    const event = preventable();
    this.emit("will-attach-webview", event);
    return !event.defaultPrevented;
  }

  /** window.open or a target=_blank link. */
  openWindow(url: string) {
    if (!this.openHandler) return { action: "allow" as const };
    return this.openHandler({ url, disposition: "new-window" });
  }
}

export function createFakeElectron({
  userData,
  appPath = process.cwd(),
  documents = userData,
  locks = {},
  displays = [{ x: 0, y: 0, width: 1920, height: 1040 }],
  isPackaged = false,
  encryptionAvailable = true,
  storageBackend = "gnome_libsecret",
  keychain = "this-user",
  secondInstanceArgv = [],
}: {
  userData: string;
  appPath?: string;
  documents?: string;
  locks?: LockRegistry;
  displays?: Rectangle[];
  isPackaged?: boolean;
  encryptionAvailable?: boolean;
  /** What safeStorage.getSelectedStorageBackend() answers (Linux). */
  storageBackend?: string;
  /**
   * Whose keychain safeStorage uses: text sealed under another one cannot be decrypted, as when
   * the data folder moved to another computer or user, or access is denied after an update.
   */
  keychain?: string;
  /** The command line this stand-in's launch passes to the running instance when it is second. */
  secondInstanceArgv?: string[];
}) {
  const calls: Call[] = [];
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const appEvents = new EventEmitter();
  const paths: Record<string, string> = { userData, documents };
  const windows: FakeBrowserWindow[] = [];
  const utilityProcesses: FakeUtilityProcess[] = [];
  // Electron ends the utility processes when the app ends.
  const endUtilityProcesses = () => {
    for (const child of utilityProcesses) if (child.alive) child.kill();
  };
  const ipcHandlers = new Map<string, (event: { sender: FakeWebContents }, ...args: unknown[]) => unknown>();
  const messageBoxes: Array<{ window?: BrowserWindowLike; options: MessageBoxOptions }> = [];
  const messageBoxAnswers: number[] = [];
  const saveDialogAnswers: Array<{ canceled: boolean; filePath?: string }> = [];
  const openDialogAnswers: Array<{ canceled: boolean; filePaths: string[] }> = [];
  let applicationMenu: { template: MenuItemTemplate[] } | null = null;
  let permissionRequestHandler:
    | ((
        contents: FakeWebContents,
        permission: string,
        callback: (granted: boolean) => void,
        details: { requestingUrl?: string },
      ) => void)
    | undefined;
  let permissionCheckHandler:
    ((contents: FakeWebContents | null, permission: string, origin: string) => boolean) | undefined;
  let quitState: "running" | "quit" = "running";
  let exitCode: number | undefined;
  let resolveQuit: () => void = () => {};
  const quitted = new Promise<void>((resolve) => (resolveQuit = resolve));

  class FakeBrowserWindow extends EventEmitter implements BrowserWindowLike {
    readonly webContents = new FakeWebContents();
    readonly options: WindowOptions;
    bounds: Rectangle;
    loadedUrls: string[] = [];
    loadedFiles: string[] = [];
    minimized = false;
    maximized = false;
    visible = false;
    destroyed = false;
    focused = false;

    constructor(options: WindowOptions) {
      super();
      this.options = options;
      const area = displays[0]!;
      const width = options.width ?? 800;
      const height = options.height ?? 600;
      this.bounds = {
        x: options.x ?? Math.round(area.x + (area.width - width) / 2),
        y: options.y ?? Math.round(area.y + (area.height - height) / 2),
        width,
        height,
      };
      windows.push(this);
      record("BrowserWindow", options);
      appEvents.emit("web-contents-created", {}, this.webContents);
    }
    async loadURL(url: string) {
      this.loadedUrls.push(url);
      this.webContents.url = url;
      // Electron shows a window created with show:false once its first paint is ready.
      queueMicrotask(() => {
        this.emit("ready-to-show");
        this.webContents.emit("did-finish-load");
      });
    }
    async loadFile(file: string) {
      this.loadedFiles.push(file);
      this.webContents.url = `file://${file}`;
      queueMicrotask(() => this.emit("ready-to-show"));
    }
    show() {
      this.visible = true;
      this.minimized = false;
    }
    focus() {
      this.focused = true;
    }
    restore() {
      this.minimized = false;
    }
    maximize() {
      this.maximized = true;
      this.emit("maximize");
    }
    minimize() {
      this.minimized = true;
      this.focused = false;
    }
    close() {
      if (this.destroyed) return;
      const event = preventable();
      this.emit("close", event);
      if (event.defaultPrevented) return;
      this.destroyed = true;
      this.emit("closed");
      if (windows.every((window) => window.destroyed)) appEvents.emit("window-all-closed");
    }
    removeMenu() {
      record("BrowserWindow.removeMenu");
    }
    isMinimized() {
      return this.minimized;
    }
    isMaximized() {
      return this.maximized;
    }
    isFullScreen() {
      return false;
    }
    isDestroyed() {
      return this.destroyed;
    }
    isVisible() {
      return this.visible;
    }
    getNormalBounds() {
      return { ...this.bounds };
    }
    /** The user drags or resizes the window. */
    setBoundsByUser(bounds: Rectangle) {
      this.bounds = { ...bounds };
      this.emit("move");
      this.emit("resize");
    }
  }

  const electron = {
    app: {
      isPackaged,
      requestSingleInstanceLock() {
        record("app.requestSingleInstanceLock");
        if (!locks.holder || locks.holder.state.quit) {
          locks.holder = fake;
          return true;
        }
        locks.holder.appEvents.emit("second-instance", {}, secondInstanceArgv);
        return false;
      },
      whenReady: async () => {},
      isReady: () => true,
      name: "Sagacity Bites",
      getName: () => "Sagacity Bites",
      quit() {
        record("app.quit");
        if (quitState === "quit") return;
        const event = preventable();
        appEvents.emit("before-quit", event);
        if (event.defaultPrevented) return;
        quitState = "quit";
        for (const window of windows) window.close();
        endUtilityProcesses();
        resolveQuit();
      },
      exit(code = 0) {
        record("app.exit", code);
        exitCode = code;
        quitState = "quit";
        endUtilityProcesses();
        resolveQuit();
      },
      getPath(name: string) {
        return paths[name]!;
      },
      setPath(name: string, value: string) {
        record("app.setPath", name, value);
        paths[name] = value;
      },
      getVersion: () => "0.1.0",
      getAppPath: () => appPath,
      setAppUserModelId(id: string) {
        record("app.setAppUserModelId", id);
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Electron's own signature: each listener types its arguments
      on(event: string, listener: (...args: any[]) => void) {
        appEvents.on(event, listener);
        return electron.app;
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      once(event: string, listener: (...args: any[]) => void) {
        appEvents.once(event, listener);
        return electron.app;
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      off(event: string, listener: (...args: any[]) => void) {
        appEvents.off(event, listener);
        return electron.app;
      },
    },
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate(template: MenuItemTemplate[]) {
        const find = (items: MenuItemTemplate[], id: string): MenuItemTemplate | undefined => {
          for (const item of items) {
            if (item.id === id) return item;
            const inner = item.submenu && find(item.submenu, id);
            if (inner) return inner;
          }
          return undefined;
        };
        return {
          template,
          getMenuItemById(id: string) {
            const item = find(template, id);
            return item ? { checked: Boolean(item.checked), enabled: item.enabled !== false } : null;
          },
        };
      },
      setApplicationMenu(menu: { template: MenuItemTemplate[] } | null) {
        record("Menu.setApplicationMenu");
        applicationMenu = menu;
      },
    },
    dialog: {
      async showMessageBox(windowOrOptions: BrowserWindowLike | MessageBoxOptions, maybeOptions?: MessageBoxOptions) {
        const entry = maybeOptions
          ? { window: windowOrOptions as BrowserWindowLike, options: maybeOptions }
          : { options: windowOrOptions as MessageBoxOptions };
        messageBoxes.push(entry);
        record("dialog.showMessageBox", entry.options);
        return { response: messageBoxAnswers.shift() ?? 0 };
      },
      showErrorBox(title: string, content: string) {
        record("dialog.showErrorBox", title, content);
      },
      async showSaveDialog(_window: BrowserWindowLike, options: unknown) {
        record("dialog.showSaveDialog", options);
        return saveDialogAnswers.shift() ?? { canceled: true };
      },
      async showOpenDialog(_window: BrowserWindowLike, options: unknown) {
        record("dialog.showOpenDialog", options);
        return openDialogAnswers.shift() ?? { canceled: true, filePaths: [] };
      },
    },
    shell: {
      async openExternal(url: string) {
        record("shell.openExternal", url);
      },
      async openPath(folder: string) {
        record("shell.openPath", folder);
        return "";
      },
    },
    clipboard: {
      writeText(text: string) {
        record("clipboard.writeText", text);
      },
    },
    ipcMain: {
      handle(channel: string, listener: (event: { sender: FakeWebContents }, ...args: unknown[]) => unknown) {
        ipcHandlers.set(channel, listener);
      },
      // Messages from renderers (electron-log listens for its renderer's); the stand-in has none.
      on(channel: string) {
        record("ipcMain.on", channel);
      },
    },
    screen: {
      getAllDisplays: () => displays.map((workArea) => ({ workArea })),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler(handler: typeof permissionRequestHandler) {
          permissionRequestHandler = handler;
        },
        setPermissionCheckHandler(handler: typeof permissionCheckHandler) {
          permissionCheckHandler = handler;
        },
      },
    },
    utilityProcess: {
      fork(modulePath: string, args: string[] = [], options: { env?: NodeJS.ProcessEnv; stdio?: string } = {}) {
        record("utilityProcess.fork", modulePath, args, options);
        const child = new FakeUtilityProcess(modulePath, args, options);
        utilityProcesses.push(child);
        return child;
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => encryptionAvailable,
      getSelectedStorageBackend: () => storageBackend,
      // Reversible and visibly not the plain text, like the OS keychain's output.
      encryptString: (text: string) => Buffer.from(`sealed:${keychain}:${[...text].reverse().join("")}`),
      decryptString: (sealed: Buffer) => {
        const prefix = `sealed:${keychain}:`;
        // Chromium's words when the keychain cannot open the text.
        if (!sealed.toString().startsWith(prefix))
          throw new Error("Error while decrypting the ciphertext provided to safeStorage.decryptString.");
        return [...sealed.toString().slice(prefix.length)].reverse().join("");
      },
    },
  };

  const fake = {
    electron: electron as unknown as ElectronApi,
    calls,
    appEvents,
    windows,
    utilityProcesses,
    messageBoxes,
    quitted,
    callsTo: (method: string) => calls.filter((call) => call.method === method),
    answerNextMessageBox: (response: number) => messageBoxAnswers.push(response),
    answerNextSaveDialog: (answer: { canceled: boolean; filePath?: string }) => saveDialogAnswers.push(answer),
    answerNextOpenDialog: (answer: { canceled: boolean; filePaths: string[] }) => openDialogAnswers.push(answer),
    get state() {
      return { quit: quitState === "quit", exitCode };
    },
    get menu() {
      return applicationMenu?.template ?? [];
    },
    /** Clicks a menu item by id, as the user would. */
    clickMenuItem(id: string) {
      const find = (items: MenuItemTemplate[]): MenuItemTemplate | undefined => {
        for (const item of items) {
          if (item.id === id) return item;
          const inner = item.submenu && find(item.submenu);
          if (inner) return inner;
        }
        return undefined;
      };
      const item = find(applicationMenu?.template ?? []);
      if (!item?.click) throw new Error(`No menu item ${id}`);
      if (item.enabled === false) throw new Error(`Menu item ${id} is disabled`);
      item.click();
    },
    async invoke(channel: string, sender: FakeWebContents, ...args: unknown[]) {
      const handler = ipcHandlers.get(channel);
      if (!handler) throw new Error(`No handler for ${channel}`);
      return handler({ sender }, ...args);
    },
    requestPermission(contents: FakeWebContents, permission: string, requestingUrl: string) {
      return new Promise<boolean>((resolve) =>
        permissionRequestHandler!(contents, permission, resolve, { requestingUrl }),
      );
    },
    checkPermission(contents: FakeWebContents | null, permission: string, origin: string) {
      return permissionCheckHandler!(contents, permission, origin);
    },
    emit(event: string, ...args: unknown[]) {
      appEvents.emit(event, ...args);
    },
  };
  return fake;
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
