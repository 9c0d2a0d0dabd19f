/**
 * Preload for the main window. The pages come from the app's own server and need nothing from
 * Node or the main process, so this exposes only read-only facts about the desktop shell (no
 * IPC, no file access, never the AI key).
 */
import { contextBridge } from "electron";

contextBridge.exposeInMainWorld("sagacityDesktop", Object.freeze({ isDesktop: true, platform: process.platform }));
