import type { Page } from "@playwright/test";
import { apiAs, expect, test } from "./fixtures";

/** The faces Chromium actually drew an element's text with (not the CSS asked for). */
async function fontsDrawn(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    if (!nodeId) return [];
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

// Scripture's regular face is font-display: optional (painted once on Today). On a slow first visit
// it misses its 100 ms, and a document that lives for the whole visit would keep the fallback
// serif: the app adds the same file as a swap face once the page is idle (utils/scripture-font.ts).
test("Scripture is set in Literata even when its face arrives late", async ({
  account,
  signedInPage: page,
  baseURL,
}) => {
  const study = await apiAs<{ id: string }>(baseURL!, account, "/api/studies/topic", { topic: "Patience" });

  let delayed = 0;
  await page.route(/literata-latin-400-normal-[^/]*\.woff2$/, async (route) => {
    delayed += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/lesson-plans?study=${study.id}`);
  const quote = "main blockquote p";
  await expect(page.locator(quote).first()).toBeVisible();
  expect(delayed).toBeGreaterThan(0);
  await expect.poll(() => fontsDrawn(page, quote), { timeout: 10_000 }).toContain("Literata");
});
