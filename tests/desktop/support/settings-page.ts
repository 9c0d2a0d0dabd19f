import { pathToFileURL } from "node:url";
import type { Browser, Page } from "@playwright/test";

/**
 * The AI Settings window's page in a real browser, its window.aiSettings wired to the main
 * process's real IPC handlers through `invoke`, as settings-preload.cjs exposes them.
 */
export async function openSettingsPage(
  browser: Browser,
  invoke: (channel: string, ...args: unknown[]) => unknown,
  file: string,
  height: number,
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 560, height } });
  await page.exposeFunction("__invokeMain", invoke);
  // A string, not a function: tsx's helpers do not exist in the page.
  await page.addInitScript(`
    window.aiSettings = Object.freeze({
      load: () => window.__invokeMain("ai-settings:load"),
      save: (values) => window.__invokeMain("ai-settings:save", values),
      test: (values) => window.__invokeMain("ai-settings:test", values),
      close: () => window.__invokeMain("ai-settings:close"),
    });
  `);
  await page.goto(pathToFileURL(file).href);
  await page.getByRole("heading", { name: "AI Settings" }).waitFor();
  return page;
}
