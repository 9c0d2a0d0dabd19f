import type { Page } from "@playwright/test";
import { clickAndWaitForPost, expect, test, type Account } from "./fixtures";

async function setFlags(page: Page, account: Account, flags: Record<string, true>) {
  const answer = await page.request.patch("/api/onboarding/progress", {
    headers: { authorization: `Bearer ${account.token}` },
    data: flags,
  });
  expect(answer.status()).toBe(200);
  return answer.json();
}

async function status(page: Page, account: Account) {
  const answer = await page.request.get("/api/onboarding/status", {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return answer.json();
}

const welcome = (page: Page) => page.getByRole("dialog", { name: "Welcome to your study space" });

/** The dialog has finished opening (it zooms in): a click during the animation can miss on a busy machine. */
async function welcomeOpened(page: Page) {
  await expect(welcome(page)).toBeVisible();
  await welcome(page).evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
}

test.describe("welcome dialog", () => {
  test("shows on the first visit only; Skip for Now records it", async ({ signedInPage: page, account }) => {
    await page.goto("/");
    await expect(welcome(page)).toBeVisible();
    await welcomeOpened(page);
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    await page.getByRole("button", { name: "Skip for Now" }).click();
    await expect(welcome(page)).toHaveCount(0);
    await expect.poll(async () => (await status(page, account)).hasCompletedWelcome).toBe(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(account.email.split("@")[0]!);
    await expect(welcome(page)).toHaveCount(0);
  });

  test("Get Started shows Closing... while the request runs, then closes", async ({ signedInPage: page, account }) => {
    await page.route("**/resources/onboarding*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto("/");
    await welcomeOpened(page);
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByRole("button", { name: "Closing..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Skip for Now" })).toBeDisabled();
    // Get Started leads somewhere: the suggested plan's first day on Today.
    await expect(page).toHaveURL(/\/today$/);
    await expect(welcome(page)).toHaveCount(0);
    const after = await status(page, account);
    expect(after.hasCompletedWelcome).toBe(true);
    expect(after.hasStartedPlan).toBe(true);
  });

  test("closing it with Escape or the close button also counts", async ({ page, baseURL }) => {
    const { createAccount, signInAs } = await import("./fixtures");
    for (const close of ["Escape", "button"] as const) {
      const account = await createAccount(baseURL!);
      await page.context().clearCookies();
      await signInAs(page, account);
      await page.goto("/");
      await expect(welcome(page)).toBeVisible();
      if (close === "Escape") await page.keyboard.press("Escape");
      else await welcome(page).getByRole("button", { name: "Close" }).click();
      await expect(welcome(page)).toHaveCount(0);
      await expect.poll(async () => (await status(page, account)).hasCompletedWelcome).toBe(true);
    }
  });

  test("the accessibility panel can be used without closing it", async ({ signedInPage: page, account }) => {
    await page.goto("/");
    await expect(welcome(page)).toBeVisible();
    await page.getByRole("button", { name: "Accessibility options" }).click();
    await page.getByRole("dialog", { name: "Accessibility" }).getByRole("switch", { name: "High Contrast" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
    await expect(welcome(page)).toBeVisible();
    expect((await status(page, account)).hasCompletedWelcome).toBe(false);
  });

  test("a reader already using the page is not interrupted: it waits for the next visit", async ({
    signedInPage: page,
    account,
  }) => {
    // Its code is loaded after the page is up; held back here so the reader opens the menu first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/welcome-dialog-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("link", { name: "Reading Plans" })).toBeVisible();
    const arrived = page.waitForResponse(/\/assets\/welcome-dialog-[^/]+\.js$/);
    release();
    await arrived;
    // Time for the module to be evaluated and React to render what it would.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
    await expect(welcome(page)).toHaveCount(0);
    await sheet.getByRole("link", { name: "Reading Plans" }).click();
    await expect(page).toHaveURL(/\/bible-plans$/);
    expect((await status(page, account)).hasCompletedWelcome).toBe(false);
    await page.unroute(/\/assets\/welcome-dialog-[^/]+\.js$/);
    await page.goto("/");
    await expect(welcome(page)).toBeVisible();
  });

  test("the page behind stays usable: the sidebar works while it is open", async ({ signedInPage: page, account }) => {
    await page.goto("/");
    await expect(welcome(page)).toBeVisible();
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect.poll(async () => (await status(page, account)).hasCompletedWelcome).toBe(true);
  });
});

test.describe("Quick Start checklist", () => {
  test("lists the four steps and counts progress as the flags change", async ({ signedInPage: page, account }) => {
    await setFlags(page, account, { hasCompletedWelcome: true });
    await page.goto("/");
    const checklist = page.getByRole("region", { name: "Quick Start" });
    await expect(checklist.getByRole("listitem")).toHaveText([
      /Get familiar with Sagacity Bites/,
      /Start a reading plan/,
      /Create a lesson plan/,
      /Save to your library/,
    ]);
    await expect(checklist.getByText("1/4")).toBeVisible();
    await expect(checklist.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await expect(checklist.getByRole("listitem").nth(0)).toContainText("(completed)");
    await expect(checklist.getByRole("listitem").nth(1)).toContainText("(not yet done)");
    // Open steps link to where they are done.
    await expect(checklist.getByRole("link", { name: "Start a reading plan" })).toHaveAttribute("href", "/bible-plans");
    await expect(checklist.getByRole("link", { name: "Create a lesson plan" })).toHaveAttribute(
      "href",
      "/lesson-plans",
    );

    await setFlags(page, account, { hasStartedPlan: true });
    await page.reload();
    await expect(checklist.getByText("2/4")).toBeVisible();
    await expect(checklist.getByRole("listitem").nth(1)).toContainText("(completed)");

    await setFlags(page, account, { hasCreatedStudy: true });
    await page.reload();
    await expect(checklist.getByText("3/4")).toBeVisible();
    await expect(checklist.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3");
    await expect(checklist.getByText("Congratulations!")).toHaveCount(0);
  });

  test("finishing the last step shows the congratulation; Dismiss hides it for good", async ({
    signedInPage: page,
    account,
  }) => {
    await setFlags(page, account, { hasStartedPlan: true, hasCreatedStudy: true, hasVisitedLibrary: true });
    await page.goto("/");
    const checklist = page.getByRole("region", { name: "Quick Start" });
    await expect(checklist.getByText("3/4")).toBeVisible();
    await welcomeOpened(page);
    await page.getByRole("button", { name: "Skip for Now" }).click();
    // Complete: the checklist gives way to the congratulation (SPEC §2 shows it only while incomplete).
    const congratulation = page.getByRole("region", { name: "Congratulations" });
    await expect(congratulation.getByText("Congratulations! You've completed the Quick Start.")).toBeVisible();
    await expect(checklist).toHaveCount(0);
    expect((await status(page, account)).onboardingCompletedAt).not.toBeNull();
    await clickAndWaitForPost(page, congratulation.getByRole("button", { name: "Dismiss" }), "/resources/onboarding");
    await expect(congratulation).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(congratulation).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Quick Start" })).toHaveCount(0);
  });

  test("is not shown once onboarding was already complete", async ({ signedInPage: page, account }) => {
    await setFlags(page, account, {
      hasCompletedWelcome: true,
      hasStartedPlan: true,
      hasCreatedStudy: true,
      hasVisitedLibrary: true,
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Reading Plans/ }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Quick Start" })).toHaveCount(0);
    await expect(page.getByText("Start a reading plan")).toHaveCount(0);
  });

  test("collapses and stays collapsed across reloads", async ({ signedInPage: page, account }) => {
    await setFlags(page, account, { hasCompletedWelcome: true });
    await page.goto("/");
    const checklist = page.getByRole("region", { name: "Quick Start" });
    await expect(checklist.getByText("Start a reading plan")).toBeVisible();
    await checklist.getByRole("button", { name: "Collapse Quick Start" }).click();
    await expect(checklist.getByText("Start a reading plan")).toBeHidden();
    await expect(checklist.getByText("1/4")).toBeVisible();
    await page.reload();
    await expect(checklist.getByText("1/4")).toBeVisible();
    await expect(checklist.getByText("Start a reading plan")).toBeHidden();
    await checklist.getByRole("button", { name: "Expand Quick Start" }).click();
    await expect(checklist.getByText("Start a reading plan")).toBeVisible();
    await page.reload();
    await expect(checklist.getByText("Start a reading plan")).toBeVisible();
  });

  test("opening the library ticks its step by a POST once the page is up (the GET writes nothing)", async ({
    signedInPage: page,
    account,
  }) => {
    const posted = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().includes("/resources/onboarding"),
    );
    await page.goto("/library");
    await posted;
    await expect.poll(async () => (await status(page, account)).hasVisitedLibrary).toBe(true);
  });
});
