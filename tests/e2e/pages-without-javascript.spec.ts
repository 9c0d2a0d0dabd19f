import type { Page } from "@playwright/test";
import { expect, test, type Account } from "./fixtures";

/** Pages that change data post to their own actions, so each works as a plain HTML form. */
test.use({ javaScriptEnabled: false });

function apiGet(page: Page, account: Account, path: string) {
  return page.request.get(path, { headers: { authorization: `Bearer ${account.token}` } }).then((answer) => answer.json());
}

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

test("the welcome is a server-rendered form: Get Started records it and it is gone", async ({ signedInPage: page, account }) => {
  await page.goto("/");
  const welcome = page.getByRole("region", { name: "Welcome to your study space" });
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(account.email.split("@")[0]!);
  await expect(welcome).toHaveCount(0);
  expect((await apiGet(page, account, "/api/onboarding/status")).hasCompletedWelcome).toBe(true);
});

test("a study is saved to the library and removed again", async ({ signedInPage: page, account }) => {
  const created = await page.request.post("/api/studies/topic", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { topic: "Hope" },
  });
  const study = (await created.json()) as { id: string; title: string };
  await page.goto(`/lesson-plans?study=${study.id}`);
  await page.getByRole("button", { name: "Save to Library" }).click();
  await expect(page).toHaveURL(new RegExp(`/lesson-plans\\?study=${study.id}$`));
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/library");
  await expect(page.getByRole("list", { name: "Saved Lesson Plans" }).getByRole("link", { name: study.title })).toBeVisible();
  // Saving counted as the library step, with no script to report the visit.
  expect((await apiGet(page, account, "/api/onboarding/status")).hasVisitedLibrary).toBe(true);

  await page.goto(`/lesson-plans?study=${study.id}`);
  await page.getByRole("button", { name: "Saved" }).click();
  await expect(page.getByRole("button", { name: "Save to Library" })).toHaveAttribute("aria-pressed", "false");
  expect(await apiGet(page, account, "/api/library")).toEqual([]);
});
