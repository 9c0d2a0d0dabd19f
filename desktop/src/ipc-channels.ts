/** The AI Settings window's calls to the main process (the only IPC the app has). */
export const IPC = {
  loadAiSettings: "ai-settings:load",
  saveAiSettings: "ai-settings:save",
  testAiSettings: "ai-settings:test",
  closeAiSettings: "ai-settings:close",
} as const;
