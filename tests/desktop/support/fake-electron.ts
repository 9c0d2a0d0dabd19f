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
}: {
  userData: string;
  appPath?: string;
  documents?: string;
  locks?: LockRegistry;
  displays?: Rectangle[];
  isPackaged?: boolean;
  encryptionAvailable?: boolean;
}) {
  const calls: Call[] = [];
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const appEvents = new EventEmitter();
  const paths: Record<string, string> = { userData, documents };
  const windows: FakeBrowserWindow[] = [];
  const ipcHandlers = new Map<string, (event: { sender: FakeWebContents }, ...args: unknown[]) => unknown>();
  const messageBoxes: Array<{ window?: BrowserWindowLike; options: MessageBoxOptions }> = [];
  const messageBoxAnswers: number[] = [];
  const saveDialogAnswers: Array<{ canceled: boolean; filePath?: string }> = [];
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
      queueMicrotask(() => this.emit("ready-to-show"));
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
        locks.holder.appEvents.emit("second-instance");
        return false;
      },
      whenReady: async () => {},
      quit() {
        record("app.quit");
        if (quitState === "quit") return;
        const event = preventable();
        appEvents.emit("before-quit", event);
        if (event.defaultPrevented) return;
        quitState = "quit";
        for (const window of windows) window.close();
        resolveQuit();
      },
      exit(code = 0) {
        record("app.exit", code);
        exitCode = code;
        quitState = "quit";
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
    safeStorage: {
      isEncryptionAvailable: () => encryptionAvailable,
      // Reversible and visibly not the plain text, like the OS keychain's output.
      encryptString: (text: string) => Buffer.from(`sealed:${[...text].reverse().join("")}`),
      decryptString: (sealed: Buffer) => [...sealed.toString().replace(/^sealed:/, "")].reverse().join(""),
    },
  };

  const fake = {
    electron: electron as unknown as ElectronApi,
    calls,
    appEvents,
    windows,
    messageBoxes,
    quitted,
    callsTo: (method: string) => calls.filter((call) => call.method === method),
    answerNextMessageBox: (response: number) => messageBoxAnswers.push(response),
    answerNextSaveDialog: (answer: { canceled: boolean; filePath?: string }) => saveDialogAnswers.push(answer),
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
