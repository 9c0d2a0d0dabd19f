import type { MenuItemTemplate } from "./electron-api";
import { PRODUCT_NAME } from "./credits";

export interface MenuActions {
  toggleSharing(): void;
  showShareAddress(): void;
  openAiSettings(): void;
  openDataFolder(): void;
  backUpData(): void;
  restoreFromBackup(): void;
  openLogFolder(): void;
  checkForUpdates(): void;
  showAbout(): void;
  showCredits(): void;
}

export interface MenuState {
  platform: NodeJS.Platform;
  /** Developer tools only in development builds. */
  developerTools: boolean;
  sharing: boolean;
}

export const MENU_IDS = {
  share: "share-with-group",
  shareAddress: "show-group-address",
  aiSettings: "ai-settings",
  dataFolder: "open-data-folder",
  backUp: "back-up-data",
  restore: "restore-from-backup",
  logFolder: "open-log-folder",
  updates: "check-for-updates",
  about: "about",
  credits: "credits",
} as const;

/** The native menu: File (sharing, AI settings, data), Edit, View with zoom, Window, Help. */
export function buildMenuTemplate(state: MenuState, actions: MenuActions): MenuItemTemplate[] {
  const isMac = state.platform === "darwin";
  const separator: MenuItemTemplate = { type: "separator" };
  const about: MenuItemTemplate = { id: MENU_IDS.about, label: `About ${PRODUCT_NAME}`, click: actions.showAbout };
  const updates: MenuItemTemplate = {
    id: MENU_IDS.updates,
    label: "Check for Updates…",
    click: actions.checkForUpdates,
  };
  const aiSettings: MenuItemTemplate = {
    id: MENU_IDS.aiSettings,
    label: "AI Settings…",
    accelerator: "CommandOrControl+,",
    click: actions.openAiSettings,
  };

  const template: MenuItemTemplate[] = [];
  if (isMac) {
    template.push({
      label: PRODUCT_NAME,
      submenu: [
        about,
        updates,
        separator,
        aiSettings,
        separator,
        { role: "services" },
        separator,
        { role: "hide" },
        { role: "hideOthers" },
        { role: "unhide" },
        separator,
        { role: "quit" },
      ],
    });
  }
  template.push(
    {
      label: "File",
      submenu: [
        {
          id: MENU_IDS.share,
          label: "Share with my group",
          type: "checkbox",
          checked: state.sharing,
          click: actions.toggleSharing,
        },
        {
          id: MENU_IDS.shareAddress,
          label: "Show Group Address…",
          enabled: state.sharing,
          click: actions.showShareAddress,
        },
        separator,
        ...(isMac ? [] : [aiSettings, separator]),
        { id: MENU_IDS.dataFolder, label: "Open Data Folder", click: actions.openDataFolder },
        { id: MENU_IDS.backUp, label: "Back Up Data…", click: actions.backUpData },
        { id: MENU_IDS.restore, label: "Restore from Backup…", click: actions.restoreFromBackup },
        separator,
        isMac ? { role: "close" } : { role: "quit", label: "Exit" },
      ],
    },
    { label: "Edit", role: "editMenu" },
    {
      label: "View",
      submenu: [
        { role: "reload" },
        ...(state.developerTools ? [{ role: "forceReload" } as const, { role: "toggleDevTools" } as const] : []),
        separator,
        { role: "resetZoom", label: "Actual Size" },
        { role: "zoomIn", label: "Zoom In" },
        // Ctrl/Cmd+= too: on most keyboards "+" needs Shift.
        { role: "zoomIn", accelerator: "CommandOrControl+=", visible: false },
        { role: "zoomOut", label: "Zoom Out" },
        separator,
        { role: "togglefullscreen" },
      ],
    },
    { label: "Window", role: "windowMenu" },
    {
      label: "Help",
      // macOS adds its search field to the menu with this role.
      ...(isMac ? { role: "help" as const } : {}),
      submenu: [
        ...(isMac ? [] : [about, updates, separator]),
        { id: MENU_IDS.logFolder, label: "Open Log Folder", click: actions.openLogFolder },
        { id: MENU_IDS.credits, label: "Credits", click: actions.showCredits },
      ],
    },
  );
  return template;
}

/** Finds an item by id in a template (the tests click menu items the way a user would). */
export function findMenuItem(template: MenuItemTemplate[], id: string): MenuItemTemplate | undefined {
  for (const item of template) {
    if (item.id === id) return item;
    const inner = item.submenu && findMenuItem(item.submenu, id);
    if (inner) return inner;
  }
  return undefined;
}
