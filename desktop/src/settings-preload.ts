/** Preload for the AI Settings window: four calls to the main process, nothing else. */
import { contextBridge, ipcRenderer } from "electron";
import { IPC } from "./ipc-channels";

contextBridge.exposeInMainWorld(
  "aiSettings",
  Object.freeze({
    load: () => ipcRenderer.invoke(IPC.loadAiSettings),
    save: (values: unknown) => ipcRenderer.invoke(IPC.saveAiSettings, values),
    test: (values: unknown) => ipcRenderer.invoke(IPC.testAiSettings, values),
    close: () => ipcRenderer.invoke(IPC.closeAiSettings),
  }),
);
