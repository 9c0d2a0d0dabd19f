import fs from "node:fs";
import type { Locator } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eServerInfoFile } from "../support/e2e-accounts";
import { apiInPage, clickAndWaitForPost, expect, test, uniqueEmail, type Account } from "./fixtures";

/**
 * A new reader's first week: register and read today's devotional two taps later on a phone, the
 * welcome's one question choosing the plan, "what to try next" on days 2 to 7 (dismissed for good),
 * and the Quick Start's congratulation when its last step is done on another page.
 */
const PHONE = { width: 390, height: 844 };

/** Moves the account's sign-up back `days` days in the server's database (the first week counts from it). */
function signedUpDaysAgo(baseURL: string, account: Account, days: number) {
  const info = e2eServerInfoFile(Number(new URL(baseURL).port));
  const { databasePath } = JSON.parse(fs.readFileSync(info, "utf8")) as { databasePath: string };
  const db = new Database(databasePath, { timeout: 10_000 });
  try {
    db.prepare("update user_onboarding set created_at = ? where user_id = (select id from users where email = ?)").run(
      Date.now() - days * 86_400_000,
      account.email,
    );
  } finally {
    db.close();
  }
}

test("register, then today's devotional two taps later on a phone, without scrolling", async ({ page }) => {
  await page.setViewportSize(PHONE);
  let taps = 0;
  /** A tap on something the reader can see without scrolling. */
  const tap = async (target: Locator) => {
    await expect(target).toBeInViewport({ ratio: 1 });
    taps += 1;
    await target.click();
  };
  const email = uniqueEmail("newcomer");
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a new reader's password");
  await page.getByLabel("Confirm Password").fill("a new reader's password");
  await tap(page.getByRole("button", { name: "Create Account" }));

  // Welcomed as new, and asked one question with an answer already chosen.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${email.split("@")[0]}`);
  const welcome = page.getByRole("dialog", { name: "Welcome to your study space" });
  await expect(welcome.getByRole("radio", { name: /About 5 minutes: Sermon on the Mount in 7 Days/ })).toBeChecked();
  await welcome.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
  await tap(welcome.getByRole("button", { name: "Get Started" }));

  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("Sermon on the Mount in 7 Days · Day 1 of 7")).toBeVisible();
  // The toast does not send a reader who is on Today to Today.
  await expect(page.getByText("Plan started!").first()).toBeVisible();
  await expect(page.getByText(/Visit Today/)).toHaveCount(0);
  const devotional = page.getByRole("article", { name: /^Devotional ·/ });
  await expect(devotional.locator(".reading-prose")).toBeVisible({ timeout: 45_000 });
  await expect(page.locator("#devotional-heading")).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(taps).toBe(2);

  // The next visit is a return.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${email.split("@")[0]}`);
});

test("the answer to 'How much time a day?' chooses the plan, at the profile's depth", async ({
  signedInPage: page,
  account,
}) => {
  await apiInPage(page, account, "PATCH", "/api/profile", { studyDepthPreference: "beginner" });
  await page.goto("/");
  const welcome = page.getByRole("dialog", { name: "Welcome to your study space" });
  await expect(welcome.getByRole("radio")).toHaveCount(3);
  // Five psalms a day and a Beginner devotional fit ten minutes.
  await expect(welcome.getByRole("radio", { name: /About 10 minutes: Psalms in 30 Days/ })).toBeVisible();
  await welcome.getByRole("radio", { name: /About 20 minutes/ }).check();
  await welcome.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("The Gospels in 30 Days · Day 1 of 30")).toBeVisible();
  const status = await apiInPage(page, account, "GET", "/api/onboarding/status");
  expect(status.hasCompletedWelcome).toBe(true);
  expect(status.hasStartedPlan).toBe(true);
});

test("days 2 to 7 offer what to try next after the reading; dismissed, it never comes back", async ({
  signedInPage: page,
  account,
  baseURL,
}) => {
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "proverbs-31-days" });
  const nextSteps = page.getByRole("region", { name: "What to try next" });

  // The first day: the reading is enough.
  await page.goto("/today");
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  await expect(nextSteps).toHaveCount(0);

  signedUpDaysAgo(baseURL!, account, 2);
  await page.reload();
  await expect(nextSteps.getByRole("link")).toHaveText([
    "Make a lesson from a passage or a topic",
    "Read with others: start or join a group",
    "Keep a sermon's insights in your library",
  ]);
  // After the reading, never above it.
  const markComplete = await page.getByRole("button", { name: "Mark Complete" }).boundingBox();
  expect((await nextSteps.boundingBox())!.y).toBeGreaterThan(markComplete!.y);

  // What the reader has done is not suggested.
  await apiInPage(page, account, "POST", "/api/groups", { name: "Tuesday Group" });
  await page.reload();
  await expect(nextSteps.getByRole("link")).toHaveText([
    "Make a lesson from a passage or a topic",
    "Keep a sermon's insights in your library",
  ]);

  await clickAndWaitForPost(
    page,
    nextSteps.getByRole("button", { name: "Dismiss what to try next" }),
    "/resources/onboarding",
  );
  await expect(nextSteps).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  await expect(nextSteps).toHaveCount(0);
});

test("past the seventh day nothing is suggested", async ({ signedInPage: page, account, baseURL }) => {
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "proverbs-31-days" });
  signedUpDaysAgo(baseURL!, account, 7);
  await page.goto("/today");
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  await expect(page.getByRole("region", { name: "What to try next" })).toHaveCount(0);
});

test("the Quick Start's last step done on another page is congratulated on the dashboard until dismissed", async ({
  signedInPage: page,
  account,
}) => {
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", {
    hasCompletedWelcome: true,
    hasStartedPlan: true,
    hasCreatedStudy: true,
  });
  const posted = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/resources/onboarding"),
  );
  await page.goto("/library");
  await posted;
  await page.goto("/");
  const congratulation = page.getByRole("region", { name: "Congratulations" });
  await expect(congratulation.getByText("Congratulations! You've completed the Quick Start.")).toBeVisible();
  // SPEC §2: the checklist itself shows only while the Quick Start is not complete.
  await expect(page.getByRole("region", { name: "Quick Start", exact: true })).toHaveCount(0);
  await clickAndWaitForPost(page, congratulation.getByRole("button", { name: "Dismiss" }), "/resources/onboarding");
  await expect(congratulation).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(congratulation).toHaveCount(0);
});

test("the dashboard: continue reading with the streak, the verse of the day, groups, lessons, five compact tiles", async ({
  signedInPage: page,
  account,
}) => {
  await apiInPage(page, account, "PATCH", "/api/onboarding/progress", { hasCompletedWelcome: true });
  await apiInPage(page, account, "POST", "/api/plans/user-plans", { planId: "proverbs-31-days" });
  await apiInPage(page, account, "POST", "/api/plans/user-plans/complete", { dayNumber: 1 });
  await apiInPage(page, account, "POST", "/api/groups", { name: "Tuesday Group" });
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Read today: Day 1, Proverbs 1/ })).toContainText("1 day streak");
  const verse = page.getByRole("region", { name: "Verse of the day" });
  await expect(verse.locator("blockquote")).not.toBeEmpty();
  await expect(verse.locator("figcaption")).toContainText("(Berean Standard Bible");
  await expect(page.getByRole("link", { name: /Tuesday Group/ })).toHaveAttribute("href", /^\/groups\//);
  await expect(page.getByRole("link", { name: "Create your first lesson plan" })).toBeVisible();

  // SPEC §2's five tiles, in one row of icons on a phone.
  const tiles = page.getByRole("navigation", { name: "Go to" }).getByRole("link");
  await expect(tiles).toHaveText([/^Process Sermon/, /^My Library/, /^Lesson Plans/, /^Reading Plans/, /^Today/]);
  const tops = await tiles.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
