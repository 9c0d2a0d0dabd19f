import path from "node:path";
import { expect, test } from "./fixtures";

test.describe("settings: your account and your data", () => {
  test("change the password, then download the export", async ({ signedInPage: page, account }) => {
    await page.goto("/settings");
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Confirm new password").fill("a brand new password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your other devices have been signed out.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sagacity-bites-export-\d{4}-\d{2}-\d{2}\.zip$/);

    // Imported again through the file button: reached with the keyboard, the chosen file named beside it.
    const yourData = page
      .locator("div")
      .filter({ has: page.getByText("Your Data", { exact: true }) })
      .last();
    await expect(yourData.locator("code")).toHaveCount(0);
    await page.getByRole("link", { name: "Export my data" }).focus();
    await page.keyboard.press("Tab");
    const file = page.getByLabel("Choose a .zip file");
    await expect(file).toBeFocused();
    await expect(page.getByText("No file chosen")).toBeVisible();
    const saved = await download.path();
    await file.setInputFiles(saved);
    await expect(page.getByText(path.basename(saved), { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Import complete").first()).toBeVisible();
  });

  test("delete my account asks for the password in a dialog", async ({ signedInPage: page, account }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect(dialog.getByText("Password is incorrect")).toBeVisible();
    await dialog.getByLabel("Your password").fill(account.password);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your account and all its data have been removed.", { exact: true })).toBeVisible();
  });
});

test("book look-up offline: the dialog says it is unavailable and the excerpt is still saved by hand", async ({
  signedInPage: page,
}) => {
  await page.goto("/library");
  await page.getByRole("button", { name: "Add Quote or Excerpt" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Book Excerpt").check();
  await dialog.getByLabel("Look up the book").fill("Mere Christianity");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByText(/Book lookup is unavailable right now/)).toBeVisible();
  await dialog.getByRole("textbox", { name: "Excerpt" }).fill("Aim at heaven and you will get earth thrown in.");
  await dialog.getByLabel("Book title").fill("Mere Christianity");
  await dialog.getByRole("button", { name: "Save to Library" }).click();
  await expect(page.getByRole("heading", { name: "Excerpt from Mere Christianity" })).toBeVisible();
});
