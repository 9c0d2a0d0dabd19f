import type { Page } from "@playwright/test";
import { apiInPage, expect, test } from "./fixtures";

/**
 * Visual comparisons of the reading screens at a phone (390) and a desktop (1280) width: Today, a
 * lesson, the dashboard and a group's page. Names and dates that change from run to run are fixed or
 * masked.
 */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
}

test("Today, a lesson and the dashboard at 390 and 1280", async ({ signedInPage: page, account }) => {
  await apiInPage(page, account, "PATCH", "/api/profile", { displayName: "Reader" });
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "sermon-on-the-mount-7-days" });
  const study = await apiInPage(page, account, "POST", "/api/studies/topic", { topic: "Forgiveness" });
  const dates = (page: Page) => [page.locator("time"), page.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)];

  // Scripture's regular face is font-display: optional (app/styles/fonts.css): a page paints with it
  // only when it is there in time. Loaded once here, every screenshot below is taken with it.
  await page.goto("/today");
  await page.evaluate(() => document.fonts.load("400 1em Literata"));

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    for (const [name, path] of [
      ["today", "/today"],
      ["lesson", `/lesson-plans?study=${study.id}`],
      ["dashboard", "/"],
    ] as const) {
      await page.goto(path);
      await settle(page);
      // The verse of the day changes with the date (and its length moves what follows): one verse for every run.
      if (name === "dashboard") {
        await page
          .getByRole("region", { name: "Verse of the day" })
          .locator("figure")
          .evaluate((figure) => {
            figure.querySelector("blockquote p")!.textContent =
              "Jesus Christ is the same yesterday and today and forever.";
            figure.querySelector("figcaption")!.firstChild!.textContent = "Hebrews 13:8 ";
          });
      }
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, { mask: dates(page), maxDiffPixelRatio: 0.01 });
    }
  }
});

test("a group's page at 390 and 1280", async ({ signedInPage: page, account }) => {
  await apiInPage(page, account, "PATCH", "/api/profile", { displayName: "Reader" });
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  const group = await apiInPage(page, account, "POST", "/api/groups", {
    name: "Thursday Night Group",
    description: "Thursdays at 7, in the church library",
  });
  await apiInPage(page, account, "PUT", `/api/groups/${group.id}/plan`, { planId: "sermon-on-the-mount-7-days" });
  // What differs from run to run: dates (the plan's start is today), the invite code and the link that
  // carries it, emails.
  const varying = (page: Page) => [
    page.locator("time"),
    page.locator('input[type="date"]'),
    page.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/),
    page.getByText(group.inviteCode, { exact: false }),
    // The whole link: its origin carries the e2e server's port, chosen free for each run.
    page.locator("[data-invite-link]"),
    page.getByText(/@example\.com/),
  ];

  await page.goto(`/groups/${group.id}`);
  await page.evaluate(() => document.fonts.load("400 1em Literata"));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto(`/groups/${group.id}`);
    await settle(page);
    await expect(page).toHaveScreenshot(`group-${width}.png`, { mask: varying(page), maxDiffPixelRatio: 0.01 });
  }
});
