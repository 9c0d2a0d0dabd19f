import type { Page } from "@playwright/test";
import { createAccount, expect, test, uniqueEmail, type Account } from "./fixtures";

/**
 * Every page's main action as a plain HTML form: each page posts to its own route's action (or a
 * link asks on the page where a dialog would), so it works before its scripts load, or without them.
 * The content pages are in pages-without-javascript-content.spec.ts, the Admin Console's in the
 * "without JavaScript" block of admin.spec.ts.
 */
test.use({ javaScriptEnabled: false });

function apiGet(page: Page, account: Account, path: string) {
  return page.request
    .get(path, { headers: { authorization: `Bearer ${account.token}` } })
    .then((answer) => answer.json());
}

test.describe("signed out", () => {
  test("register: an account is created and the dashboard greets it; a mismatch is refused in the page", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret34");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText("Passwords don't match").first()).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret12");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(email.split("@")[0]!);
    await expect(page.getByText("Account created!").first()).toBeVisible();
  });

  test("login: wrong password is refused, the right one signs in; Sign Out on Settings signs out", async ({
    page,
    baseURL,
  }) => {
    const account = await createAccount(baseURL!, "nojs");
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

    // The page comes back from the server with empty fields.
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(account.email.split("@")[0]!);

    await page.goto("/settings");
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone: a signed-in page sends the visitor back to /login.
    await page.goto("/library");
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("dashboard: greeting, the five tiles lead to their pages", async ({ signedInPage: page, account }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(account.email.split("@")[0]!);
  for (const [tile, heading] of [
    ["Process Sermon", "Add Study Content"],
    ["My Library", "My Library"],
    ["Lesson Plans", "Lesson Plans"],
    ["Reading Plans", "Reading Plans"],
    ["Today", "Today"],
  ] as const) {
    await page.goto("/");
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`^${tile}`) })
      .click();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  }
});

test("the welcome is a server-rendered form: Get Started records it and it is gone", async ({
  signedInPage: page,
  account,
}) => {
  await page.goto("/");
  const welcome = page.getByRole("region", { name: "Welcome to your study space" });
  await expect(welcome).toBeVisible();
  // The welcome asks what to call the reader; the dashboard greets them by it.
  await welcome.getByLabel("What should we call you? (optional)").fill(" Lois ");
  await welcome.getByRole("button", { name: "Get Started" }).click();
  // Get Started opens the first day of the plan suggested for the default answer.
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("Sermon on the Mount in 7 Days · Day 1 of 7")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Lois");
  await expect(welcome).toHaveCount(0);
  expect((await apiGet(page, account, "/api/onboarding/status")).hasCompletedWelcome).toBe(true);
});

test("reading plans and Today: start a plan, mark the day complete, switch to another plan", async ({
  signedInPage: page,
  account,
}) => {
  await page.goto("/bible-plans");
  await page.getByRole("button", { name: "Start Plan Gospel of John in 21 Days" }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("Plan started!").first()).toBeVisible();
  await expect(page.getByText("Gospel of John in 21 Days · Day 1 of 21")).toBeVisible();
  // Devotionals still being written when the page was sent are asked for again with a link.
  const beginner = page.getByRole("region", { name: "Beginner" });
  await expect(async () => {
    const again = beginner.getByRole("link", { name: "Check again" });
    if ((await again.count()) > 0) {
      await again.click();
      await page.waitForLoadState("load");
    }
    await expect(beginner.getByRole("heading", { level: 3 })).toContainText("John 1", { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId("streak")).toHaveText("Start your streak today");

  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("Today's reading completed! Come back tomorrow for your next devotional")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
  await expect(page.getByTestId("streak")).toHaveText("1 day streak");
  await expect(page.getByText("Day completed!").first()).toBeVisible();
  expect((await apiGet(page, account, "/api/plans/user-plans/today")).isCompleted).toBe(true);

  await page.goto("/bible-plans");
  await expect(page.getByRole("link", { name: "Go to Today" })).toBeVisible();
  await page.getByRole("button", { name: "Start Plan Romans in 16 Days" }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("Romans in 16 Days · Day 1 of 16")).toBeVisible();
  await page.goto("/bible-plans");
  await expect(page.getByRole("button", { name: "Resume Plan Gospel of John in 21 Days" })).toBeVisible();
});

test("profile: choices, teachers added and removed, saved and shown again", async ({ signedInPage: page, account }) => {
  await page.goto("/profile");
  await page.getByRole("radio", { name: "Advanced" }).check();
  await page.getByRole("combobox", { name: "Denomination" }).selectOption("Lutheran");
  const teacher = page.getByPlaceholder("Enter teacher name");
  await teacher.fill("  Charles Spurgeon ");
  await page.getByRole("button", { name: "Add teacher" }).click();
  await teacher.fill("A. W. Tozer");
  await teacher.press("Enter");
  await teacher.fill("a. w. tozer");
  await teacher.press("Enter");
  await expect(page.getByRole("status")).toHaveText("a. w. tozer is already in your list.");
  const list = page.getByRole("list", { name: "Favorite Bible Teachers" });
  await expect(list.getByRole("listitem")).toHaveText(["Charles Spurgeon", "A. W. Tozer"]);
  // Edits are not saved until Save Changes, and the other choices survive the round trips.
  expect((await apiGet(page, account, "/api/profile")).favoriteTeachers).toEqual([]);
  await expect(page.getByRole("radio", { name: "Advanced" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Denomination" })).toHaveValue("Lutheran");
  await page.getByRole("button", { name: "Remove Charles Spurgeon" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["A. W. Tozer"]);
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  expect(await apiGet(page, account, "/api/profile")).toMatchObject({
    studyDepthPreference: "advanced",
    denomination: "Lutheran",
    favoriteTeachers: ["A. W. Tozer"],
  });
  await page.reload();
  await expect(page.getByRole("radio", { name: "Advanced" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Denomination" })).toHaveValue("Lutheran");
  await expect(list.getByRole("listitem")).toHaveText(["A. W. Tozer"]);

  // Clearing the denomination and the last teacher saves them as none.
  await page.getByRole("combobox", { name: "Denomination" }).selectOption("");
  await page.getByRole("button", { name: "Remove A. W. Tozer" }).click();
  await expect(page.getByText("No teachers added yet. Add your first teacher above.")).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await apiGet(page, account, "/api/profile")).toMatchObject({ denomination: null, favoriteTeachers: [] });
});

test("settings and credits render from the server", async ({ signedInPage: page, account }) => {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await page.goto("/credits");
  await expect(page.getByRole("heading", { name: "About and credits", level: 1 })).toBeVisible();
  await expect(page.getByText(/Berean Standard Bible \(BSB\), dedicated to the public domain/)).toBeVisible();
});
