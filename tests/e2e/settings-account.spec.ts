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
