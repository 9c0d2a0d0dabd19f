import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The page's effects have run once the browser's time zone is in the forms. */
async function waitForHydration(page: Page) {
  await expect(page.locator('input[name="timeZone"]').first()).not.toHaveValue("");
}

test.describe("a reader in another time zone", () => {
  test.use({ timezoneId: "Pacific/Kiritimati" });

  test("Today reports the browser's zone once, and a page opened meanwhile still renders", async ({
    signedInPage: page,
  }) => {
    const reported = page.waitForResponse(
      (response) => response.url().endsWith("/resources/time-zone") && response.request().method() === "POST",
    );
    await page.goto("/today");
    await expect(page.getByText("No active reading plan")).toBeVisible();
    // Straight on to another page while the report (and the reload of Today's data it starts) runs.
    // (Its body is not read: the browser may drop it once the page has moved on.)
    await page.getByRole("link", { name: "Browse Reading Plans" }).click();
    expect((await reported).status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Reading Plans", level: 1 })).toBeVisible();
    const today = await page.request.get("/api/plans/user-plans/today");
    expect((await today.json()).timeZone).toBe("Pacific/Kiritimati");
    // Known now: the next visit (in the running app, its effects certain to run) sends nothing.
    let again = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/resources/time-zone")) again += 1;
    });
    await page.getByRole("link", { name: "Today", exact: true }).first().click();
    await expect(page.getByText("No active reading plan")).toBeVisible();
    // A latch, not a wait: once the page has painted after its effects, a request the page sends
    // now is reported after any the effects sent.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith("/healthz?after-effects")),
      page.evaluate(() => fetch("/healthz?after-effects").then((response) => response.status)),
    ]);
    expect(again).toBe(0);
  });
});

test.describe("reading plans and Today", () => {
  test("with no active plan, Today points to the plans", async ({ signedInPage: page }) => {
    await page.goto("/today");
    await expect(page.getByText("No active reading plan")).toBeVisible();
    await page.getByRole("link", { name: "Browse Reading Plans" }).click();
    await expect(page).toHaveURL(/\/bible-plans$/);
    await expect(page.getByRole("heading", { name: "Reading Plans", level: 1 })).toBeVisible();
  });

  test("the plans page lists plans and explains the depth levels", async ({ signedInPage: page }) => {
    await page.goto("/bible-plans");
    await expect(page.getByRole("heading", { name: "Gospel of John in 21 Days" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Bible in a Year" })).toBeVisible();
    await page.getByRole("button", { name: "About depth levels" }).click();
    const help = page.getByRole("dialog");
    await expect(help.getByText("Deep Study")).toBeVisible();
    await expect(help.getByText(/About 300 words/)).toBeVisible();
  });

  test("start -> Today -> complete -> banner and a streak of 1", async ({ signedInPage: page }) => {
    await page.goto("/bible-plans");
    // Hold the request briefly so the pending text can be seen.
    await page.route("**/bible-plans.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: /Start Plan Gospel of John in 21 Days/ }).click();
    await expect(page.getByRole("button", { name: "Starting..." })).toBeVisible();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("Plan started!").first()).toBeVisible();
    // SPEC §7's toast, word for word.
    await expect(page.getByText("Visit Today to see your first devotional").first()).toBeVisible();

    await expect(page.getByText("Gospel of John in 21 Days · Day 1 of 21")).toBeVisible();
    await expect(page.getByRole("heading", { name: "John 1", level: 3, exact: true })).toBeVisible();
    const reading = page.getByRole("region", { name: "John 1", exact: true });
    await expect(reading.getByText("In the beginning was the Word, and the Word was with God")).toBeVisible();
    await expect(page.getByText("Berean Standard Bible (BSB)", { exact: true })).toBeVisible();
    // The note about the translation is a tooltip on its badge, said once.
    await page.getByRole("button", { name: /Berean Standard Bible \(BSB\): about this translation/ }).hover();
    await expect(page.getByRole("dialog")).toContainText(/NKJV is not available offline/);
    await page.mouse.move(0, 0);
    for (const level of ["Beginner", "Intermediate", "Deep Study"]) {
      const card = page.getByRole("region", { name: level });
      await expect(card).toBeVisible();
      await expect(card.getByRole("heading", { level: 3 })).toContainText("John 1");
    }
    await expect(page.getByRole("region", { name: "Intermediate" }).getByText("Your depth")).toBeVisible();
    await expect(page.getByTestId("streak")).toHaveText("Start your streak today");

    await page.getByRole("button", { name: "Mark Complete" }).click();
    await expect(
      page.getByText("Today's reading completed! Come back tomorrow for your next devotional"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
    await expect(page.getByTestId("streak")).toHaveText("1 day streak");
    await expect(page.getByText("Day completed!").first()).toBeVisible();
    await expect(page.getByText("Keep up the great work on your reading journey").first()).toBeVisible();

    await page.reload();
    await expect(
      page.getByText("Today's reading completed! Come back tomorrow for your next devotional"),
    ).toBeVisible();
    await expect(page.getByTestId("streak")).toHaveText("1 day streak");

    await page.goto("/bible-plans");
    await expect(page.getByText("1 of 21 days completed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Today" })).toBeVisible();
  });

  test("plans say their length, time a day and what they cover; the translation is chosen; the active plan comes first", async ({
    signedInPage: page,
  }) => {
    await page.goto("/bible-plans");
    const john = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Gospel of John in 21 Days" }) });
    await expect(john.getByText("21 days", { exact: true })).toBeVisible();
    await expect(john.getByText("About 5 minutes a day")).toBeVisible();
    await expect(john.getByText("All of John")).toBeVisible();
    await expect(page.getByText("Canonical", { exact: true })).toHaveCount(0);
    const translation = page.getByLabel("Translation");
    // The settings' NKJV is shown as its offline stand-in, and sent as NKJV (SPEC §9).
    await expect(translation).toHaveValue("NKJV");
    await expect(translation.locator("option")).toHaveText([
      "Berean Standard Bible (BSB)",
      "World English Bible (WEB)",
      "King James Version (KJV)",
    ]);

    await translation.selectOption({ label: "King James Version (KJV)" });
    await page.getByRole("button", { name: "Start Plan Romans in 16 Days" }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("King James Version (KJV)", { exact: true })).toBeVisible();

    await page.goto("/bible-plans");
    const first = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) })
      .first();
    await expect(first.getByRole("heading", { level: 2 })).toHaveText("Romans in 16 Days");
    await expect(first.getByText("You are reading this plan")).toBeVisible();
    await expect(first.getByRole("link", { name: "Go to Today" })).toBeVisible();
  });

  test("a failed start shows the server's error", async ({ signedInPage: page }) => {
    await page.goto("/bible-plans");
    await waitForHydration(page);
    // Changed and clicked in one task: a re-render in between would put React's value back.
    await page.getByRole("button", { name: /Start Plan Romans in 16 Days/ }).evaluate((button: HTMLButtonElement) => {
      button.value = "a-plan-that-does-not-exist";
      button.click();
    });
    await expect(page.getByText("Failed to start plan").first()).toBeVisible();
    await expect(page.getByText("Reading plan not found").first()).toBeVisible();
    await expect(page).toHaveURL(/\/bible-plans$/);
  });

  test("a failed completion is rolled back with the server's error", async ({ signedInPage: page }) => {
    await page.goto("/bible-plans");
    await page.getByRole("button", { name: /Start Plan Proverbs in 31 Days/ }).click();
    await expect(page).toHaveURL(/\/today$/);
    await waitForHydration(page);
    // Changed and clicked in one task: a re-render in between would put React's value back.
    await page.getByRole("button", { name: "Mark Complete" }).evaluate((button: HTMLButtonElement) => {
      button.form!.querySelector<HTMLInputElement>('input[name="dayNumber"]')!.value = "5";
      button.click();
    });
    await expect(page.getByText("Failed to mark complete").first()).toBeVisible();
    await expect(page.getByText("Day 5 is not open yet: today's reading is day 1.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
    await expect(page.getByTestId("streak")).toHaveText("Start your streak today");
    await expect(page.getByText("Today's reading completed!")).toHaveCount(0);
  });

  test("the three depths sit side by side as a chooser; the chosen one opens in one reading column", async ({
    signedInPage: page,
  }) => {
    await page.goto("/bible-plans");
    await page.getByRole("button", { name: /Start Plan Sermon on the Mount/ }).click();
    await expect(page).toHaveURL(/\/today$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    const boxes = await Promise.all(
      ["Beginner", "Intermediate", "Deep Study"].map((name) => page.getByRole("region", { name }).boundingBox()),
    );
    expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2);
    expect(Math.abs(boxes[1]!.y - boxes[2]!.y)).toBeLessThan(2);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    // The profile's depth (Intermediate) is open by default; choosing another opens it instead.
    const devotional = page.getByRole("article", { name: /^Devotional/ });
    await expect(devotional.getByRole("heading", { level: 2 })).toContainText("Intermediate");
    await page.getByRole("region", { name: "Deep Study" }).getByRole("link", { name: "Deep Study" }).click();
    await expect(page).toHaveURL(/depth=deep/);
    await expect(devotional.getByRole("heading", { level: 2 })).toContainText("Deep Study");
    // The Beatitudes are poetry: one verse a line, in a column of about 65 characters at 18px.
    const reading = page.getByRole("region", { name: "Matthew 5:1-16", exact: true });
    await reading.getByText("Read the whole passage").click();
    await expect(reading.getByText("Blessed are the meek, for they will inherit the earth.")).toHaveCSS(
      "display",
      "block",
    );
    const column = await page.getByRole("article", { name: "Today's Reading" }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: element.getBoundingClientRect().width, size: style.fontSize };
    });
    expect(column.size).toBe("18px");
    expect(column.width).toBeLessThanOrEqual(576);

    // On a phone the cards give way to a segmented control above the text.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("region", { name: "Beginner" })).toBeHidden();
    const depths = page.getByRole("navigation", { name: "Devotional depth" });
    await depths.getByRole("link", { name: /Beginner/ }).click();
    await expect(depths.getByRole("link", { name: /Beginner/ })).toHaveAttribute("aria-current", "true");
    await expect(devotional.getByRole("heading", { level: 2 })).toContainText("Beginner");
  });
});

test.describe("Today without JavaScript (a plain form post)", () => {
  test.use({ javaScriptEnabled: false });

  test("completes the day: back on Today with the toast, the banner and a streak of 1", async ({
    signedInPage: page,
    account,
  }) => {
    const started = await page.request.post("/api/plans/user-plans", {
      headers: { authorization: `Bearer ${account.token}` },
      data: { planId: "proverbs-31-days" },
    });
    expect(started.status()).toBe(201);
    await page.goto("/today");
    await expect(page.getByTestId("streak")).toHaveText("Start your streak today");
    await page.getByRole("button", { name: "Mark Complete" }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("Day completed!")).toBeVisible();
    await expect(page.getByText("Keep up the great work on your reading journey")).toBeVisible();
    await expect(
      page.getByText("Today's reading completed! Come back tomorrow for your next devotional"),
    ).toBeVisible();
    await expect(page.getByTestId("streak")).toHaveText("1 day streak");
  });
});
