import type { Page } from "@playwright/test";
import { apiInPage, expect, signInAs, test } from "./fixtures";

/**
 * Where each control stands on the page: buttons, links, fields, in the content and the navigation,
 * keyed by tag, name and order. Positions are on the page (scroll included), rounded to the pixel.
 */
async function controlPlaces(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const places: Record<string, { x: number; y: number; width: number }> = {};
    const seen = new Map<string, number>();
    for (const element of Array.from(
      document.querySelectorAll("main a, main button, main input, main select, main summary, nav a, nav button"),
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (element.getAttribute("aria-label") || element.textContent || element.getAttribute("name") || "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 60);
      const key = `${element.tagName} ${name}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      places[`${key} #${count}`] = {
        x: Math.round(box.x),
        y: Math.round(box.y + window.scrollY),
        width: Math.round(box.width),
      };
    }
    return places;
  });
}

/**
 * A reader taps what they see while the page's scripts are still on their way: when the scripts
 * arrive, nothing may move (a control that appears only then, or one that goes, shifts the rest
 * under the finger, and the tap lands on something else). The same page is read with its scripts
 * blocked (JavaScript on, so <noscript> stays hidden) and after hydration; every control present in
 * both must stand in the same place.
 */
test("on a phone, no control moves when the scripts arrive", async ({
  signedInPage: page,
  account,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "sermon-on-the-mount-7-days" });
  const study = await apiInPage(page, account, "POST", "/api/studies/topic", { topic: "Forgiveness" });
  const group = await apiInPage(page, account, "POST", "/api/groups", { name: "Thursday Night Group" });
  const unhydrated = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    await unhydrated.route(/\/build\/.*\.js$/, (route) => route.abort());
    const still = await unhydrated.newPage();
    await signInAs(still, account);
    await page.setViewportSize({ width: 390, height: 844 });
    // Scripture's face is font-display: optional, used on a page only if it arrives in time, which
    // differs between the two browsers (routing turns off the HTTP cache): both read it in the fallback.
    for (const context of [page.context(), unhydrated]) {
      await context.route(/literata.*\.woff2$/, (route) => route.abort());
    }
    // The day's devotionals are written on its first view; compare the page once they are there.
    await page.goto("/today");
    await expect(page.locator(".reading-prose").first()).toBeVisible({ timeout: 45_000 });
    for (const path of [
      "/",
      "/today",
      `/lesson-plans?study=${study.id}`,
      `/groups/${group.id}`,
      "/settings",
      "/profile",
    ]) {
      await still.goto(path);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const before = await controlPlaces(still);
      const after = await controlPlaces(page);
      const moved = Object.keys(before)
        .filter((key) => after[key])
        .filter((key) =>
          ["x", "y", "width"].some((axis) => Math.abs(after[key]![axis as "x"] - before[key]![axis as "x"]) > 2),
        )
        .map((key) => `${key}: ${JSON.stringify(before[key])} -> ${JSON.stringify(after[key])}`);
      expect(Object.keys(before).length, path).toBeGreaterThan(5);
      expect(moved, path).toEqual([]);
    }
  } finally {
    await unhydrated.close();
  }
});
