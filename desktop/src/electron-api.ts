/**
 * The part of Electron the main process uses, as plain structural types. The desktop logic is
 * written against these so it runs under Node with a recording stand-in (the tests), while
 * `main.ts` hands it the real module; `npm run typecheck` in desktop/ checks that Electron's own
 * types satisfy them.
 */

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreventableEvent {
  preventDefault(): void;
}

export interface WebPreferences {
  preload?: string;
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
  nodeIntegrationInWorker?: boolean;
  nodeIntegrationInSubFrames?: boolean;
  webSecurity?: boolean;
  allowRunningInsecureContent?: boolean;
  webviewTag?: boolean;
  navigateOnDragDrop?: boolean;
  spellcheck?: boolean;
  safeDialogs?: boolean;
}

export interface WindowOptions<W extends BrowserWindowLike = BrowserWindowLike> {
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  minWidth?: number;
  minHeight?: number;
  show?: boolean;
  title?: string;
  backgroundColor?: string;
  icon?: string;
  modal?: boolean;
  parent?: W;
  resizable?: boolean;
  minimizable?: boolean;
  maximizable?: boolean;
  fullscreenable?: boolean;
  autoHideMenuBar?: boolean;
  webPreferences?: WebPreferences;
}

export interface WindowOpenDetails {
  url: string;
  disposition: string;
}

export interface WebContentsLike {
  readonly id: number;
  getURL(): string;
  on(event: "will-navigate" | "will-redirect", listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: "will-attach-webview", listener: (event: PreventableEvent) => void): unknown;
  on(event: "did-finish-load", listener: () => void): unknown;
  on(
    event: "did-fail-load",
    listener: (event: unknown, errorCode: number, errorDescription: string, url: string) => void,
  ): unknown;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: "allow" | "deny" }): void;
}

export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  loadFile(filePath: string): Promise<void>;
  show(): void;
  focus(): void;
  restore(): void;
  maximize(): void;
  close(): void;
  removeMenu(): void;
  isMinimized(): boolean;
  isMaximized(): boolean;
  isFullScreen(): boolean;
  isDestroyed(): boolean;
  isVisible(): boolean;
  getNormalBounds(): Rectangle;
  on(event: "resize" | "move" | "maximize" | "unmaximize" | "closed", listener: () => void): unknown;
  on(event: "close", listener: (event: PreventableEvent) => void): unknown;
  once(event: "ready-to-show", listener: () => void): unknown;
}

export type BrowserWindowConstructor<W extends BrowserWindowLike = BrowserWindowLike> = new (
  options: WindowOptions<W>,
) => W;

export type MenuRole =
  | "about"
  | "undo"
  | "redo"
  | "cut"
  | "copy"
  | "paste"
  | "pasteAndMatchStyle"
  | "delete"
  | "selectAll"
  | "reload"
  | "forceReload"
  | "toggleDevTools"
  | "resetZoom"
  | "zoomIn"
  | "zoomOut"
  | "togglefullscreen"
  | "minimize"
  | "close"
  | "zoom"
  | "front"
  | "quit"
  | "hide"
  | "hideOthers"
  | "unhide"
  | "services"
  | "appMenu"
  | "fileMenu"
  | "editMenu"
  | "viewMenu"
  | "windowMenu"
  | "help";

export interface MenuItemTemplate {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: "normal" | "separator" | "submenu" | "checkbox" | "radio";
  accelerator?: string;
  checked?: boolean;
  enabled?: boolean;
  visible?: boolean;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

export interface MenuLike {
  getMenuItemById(id: string): { checked: boolean; enabled: boolean } | null;
}

export interface MessageBoxOptions {
  type?: "none" | "info" | "error" | "question" | "warning";
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
  noLink?: boolean;
}

/** What the save and open dialogs are given. */
interface FileDialogOptions {
  title?: string;
  defaultPath?: string;
  buttonLabel?: string;
  filters?: Array<{ name: string; extensions: string[] }>;
}

/** A process started with Electron's utilityProcess.fork (the server runs in one). */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  /** With stdio "pipe": the process's output. */
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: unknown): void;
  kill(): boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Electron's own signature: messages are structured clones
  on(event: "message", listener: (message: any) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
}

export interface UtilityProcessApi {
  fork(
    modulePath: string,
    args?: string[],
    options?: { serviceName?: string; stdio?: "inherit" | "pipe" | "ignore"; env?: NodeJS.ProcessEnv },
  ): UtilityProcessLike;
}

/**
 * `W` is the window type: the real BrowserWindow in the app (so windows handed back to Electron,
 * as a dialog's parent for example, are its own), the stand-in's in the tests.
 */
export interface ElectronApi<W extends BrowserWindowLike = BrowserWindowLike> {
  app: {
    readonly isPackaged: boolean;
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    quit(): void;
    exit(exitCode?: number): void;
    getPath(name: "userData" | "documents"): string;
    setPath(name: "userData", value: string): void;
    getVersion(): string;
    setAppUserModelId(id: string): void;
    on(event: "window-all-closed" | "activate", listener: () => void): unknown;
    on(event: "second-instance", listener: (event: unknown, argv: string[]) => void): unknown;
    on(event: "before-quit", listener: (event: PreventableEvent) => void): unknown;
    on(event: "web-contents-created", listener: (event: unknown, contents: WebContentsLike) => void): unknown;
  };
  BrowserWindow: BrowserWindowConstructor<W>;
  Menu: {
    buildFromTemplate(template: MenuItemTemplate[]): MenuLike;
    setApplicationMenu(menu: MenuLike | null): void;
  };
  dialog: {
    showMessageBox(window: W, options: MessageBoxOptions): Promise<{ response: number }>;
    showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
    showErrorBox(title: string, content: string): void;
    showSaveDialog(window: W, options: FileDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
    showOpenDialog(
      window: W,
      options: FileDialogOptions & { properties?: Array<"openFile"> },
    ): Promise<{ canceled: boolean; filePaths: string[] }>;
  };
  shell: {
    openExternal(url: string): Promise<void>;
    openPath(folder: string): Promise<string>;
  };
  clipboard: {
    writeText(text: string): void;
  };
  ipcMain: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Electron's own signature: each handler types its arguments
    handle(channel: string, listener: (event: { sender: WebContentsLike }, ...args: any[]) => unknown): void;
  };
  screen: {
    getAllDisplays(): Array<{ workArea: Rectangle }>;
  };
  session: {
    defaultSession: {
      setPermissionRequestHandler(
        handler: (
          webContents: WebContentsLike,
          permission: string,
          callback: (granted: boolean) => void,
          details: { requestingUrl?: string },
        ) => void,
      ): void;
      setPermissionCheckHandler(
        handler: (webContents: WebContentsLike | null, permission: string, requestingOrigin: string) => boolean,
      ): void;
    };
  };
  utilityProcess: UtilityProcessApi;
  safeStorage: {
    isEncryptionAvailable(): boolean;
    /** Linux only: "basic_text" means no keyring, a key any program could unseal. */
    getSelectedStorageBackend(): string;
    encryptString(text: string): Buffer;
    decryptString(encrypted: Buffer): string;
  };
}
