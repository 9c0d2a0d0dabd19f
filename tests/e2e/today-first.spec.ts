import type { Locator } from "@playwright/test";
import { apiInPage, expect, test } from "./fixtures";

/**
 * Today on a 390x844 phone reads in order: a progress line, the passage's opening (the rest one
 * tap away), the devotional at the reader's depth within the first screen, Mark Complete at its
 * end, and the commentary folded below, at every depth.
 */
const PHONE = { width: 390, height: 844 };

async function top(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

async function bottom(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

test("on a phone the devotional starts on the first screen, then Mark Complete, then the folded commentary", async ({
  signedInPage: page,
  account,
}) => {
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  const group = await apiInPage(page, account, "POST", "/api/groups", { name: "Thursday Night Group" });
  await apiInPage(page, account, "PUT", `/api/groups/${group.id}/plan`, { planId: "sermon-on-the-mount-7-days" });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "sermon-on-the-mount-7-days" });
  await page.setViewportSize(PHONE);

  for (const depth of ["beginner", "intermediate", "deep"] as const) {
    await page.goto(`/today?depth=${depth}`);
    const devotional = page.locator("#devotional-heading");
    const body = page.getByRole("article", { name: /^Devotional ·/ });
    await expect(body.locator(".reading-prose")).toBeVisible({ timeout: 45_000 });
    await page.evaluate(() => window.scrollTo(0, 0));

    const progress = page.getByRole("progressbar", { name: "Plan progress" });
    const passageHeading = page.getByRole("heading", { name: "Matthew 5:1-16", level: 3, exact: true });
    const markComplete = page.getByRole("button", { name: "Mark Complete" });
    const fold = page.getByText("Go deeper: commentary");

    // A progress line at the top; the streak and the group on one line.
    const streak = page.getByTestId("streak");
    await expect(streak).toHaveText("Start your streak today");
    const groupNote = page.getByText(/With Thursday Night Group/);
    await expect(groupNote).toBeVisible();
    expect(Math.abs((await top(groupNote)) - (await top(streak)))).toBeLessThan(4);
    expect(await top(progress)).toBeLessThan(await top(passageHeading));

    // The passage, then the devotional, on the first screen.
    expect(await top(passageHeading)).toBeLessThan(await top(devotional));
    expect(await bottom(devotional)).toBeLessThanOrEqual(PHONE.height);
    await expect(devotional).toBeInViewport();

    // Mark Complete at the end of the reading; the commentary after it, folded.
    expect(await top(markComplete)).toBeGreaterThan(await bottom(body));
    expect(await top(fold)).toBeGreaterThan(await bottom(markComplete));
    await expect(page.getByRole("region", { name: "Commentary" })).toBeHidden();
  }

  // The rest of the passage is one tap away, and folds again.
  const more = page.getByText(/Read the whole passage/);
  await expect(page.getByText("Blessed are the peacemakers")).toBeHidden();
  await more.click();
  await expect(page.getByText("Blessed are the peacemakers", { exact: false })).toBeVisible();
  await page.getByText("Fold the passage").click();
  await expect(page.getByText("Blessed are the peacemakers")).toBeHidden();

  await page.getByText("Go deeper: commentary").click();
  await expect(page.getByRole("region", { name: "Commentary" })).toContainText("Matthew Henry");
});
