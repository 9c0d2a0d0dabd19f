import { denominationChoices } from "../../app/modules/profile/choices";
import { expect, test } from "./fixtures";

test.describe("profile", () => {
  test("shows the three cards with the spec's texts and defaults", async ({ signedInPage: page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.getByText("Customize your study experience")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Study Depth Preference" })).toBeVisible();
    await expect(page.getByText("Choose your preferred level of study depth")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Intermediate" })).toBeChecked();
    await expect(page.getByRole("radio")).toHaveCount(3);
    await expect(page.getByText("Select your denominational background (optional)")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Denomination" })).toContainText("Select a denomination");
    await expect(page.getByRole("heading", { name: "Favorite Bible Teachers" })).toBeVisible();
    await expect(page.getByText("No teachers added yet. Add your first teacher above.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  });

  test("a display name set here greets the reader on the dashboard", async ({ signedInPage: page }) => {
    await page.goto("/profile");
    await page.getByLabel("Display Name").fill("  Priscilla ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully").first()).toBeVisible();
    await expect(page.getByLabel("Display Name")).toHaveValue("Priscilla");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Priscilla");
    await expect(page.getByRole("link", { name: /^Choose a reading plan/ })).toBeVisible();
  });

  test("offers the ten denominations in order", async ({ signedInPage: page }) => {
    await page.goto("/profile");
    await page.getByRole("combobox", { name: "Denomination" }).click();
    // The list itself is checked against SPEC §5 in app/modules/profile/schemas.test.ts.
    await expect(page.getByRole("option")).toHaveText([...denominationChoices]);
  });

  test("teachers: add is disabled while blank, Enter adds, names are trimmed, remove works", async ({
    signedInPage: page,
  }) => {
    await page.goto("/profile");
    const input = page.getByPlaceholder("Enter teacher name");
    const add = page.getByRole("button", { name: "Add teacher" });
    await expect(add).toBeDisabled();
    await input.fill("    ");
    await expect(add).toBeDisabled();
    await input.fill("  Tim Keller  ");
    await expect(add).toBeEnabled();
    await add.click();
    await expect(input).toHaveValue("");
    await input.fill("John Stott");
    await input.press("Enter");
    const list = page.getByRole("list", { name: "Favorite Bible Teachers" });
    await expect(list.getByRole("listitem")).toHaveText(["Tim Keller", "John Stott"]);
    await expect(page.getByText("No teachers added yet. Add your first teacher above.")).toHaveCount(0);
    await page.getByRole("button", { name: "Remove Tim Keller" }).click();
    await expect(list.getByRole("listitem")).toHaveText(["John Stott"]);
    await page.getByRole("button", { name: "Remove John Stott" }).click();
    await expect(page.getByText("No teachers added yet. Add your first teacher above.")).toBeVisible();
  });

  test("saves and reloads the whole profile", async ({ signedInPage: page, account }) => {
    await page.goto("/profile");
    await page.getByRole("radio", { name: "Advanced" }).click();
    await page.getByRole("combobox", { name: "Denomination" }).click();
    await page.getByRole("option", { name: "Lutheran" }).click();
    await page.getByPlaceholder("Enter teacher name").fill("Charles Spurgeon");
    await page.getByPlaceholder("Enter teacher name").press("Enter");
    await page.getByPlaceholder("Enter teacher name").fill("A. W. Tozer");
    await page.getByRole("button", { name: "Add teacher" }).click();
    // The form posts to the page's own action (as /profile.data when scripts run).
    await page.route(/\/profile\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(page.getByText("Success", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Profile updated successfully").first()).toBeVisible();

    const saved = await page.request.get("/api/profile", { headers: { authorization: `Bearer ${account.token}` } });
    expect(await saved.json()).toMatchObject({
      studyDepthPreference: "advanced",
      denomination: "Lutheran",
      favoriteTeachers: ["Charles Spurgeon", "A. W. Tozer"],
    });

    await page.reload();
    await expect(page.getByRole("radio", { name: "Advanced" })).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Denomination" })).toContainText("Lutheran");
    await expect(page.getByRole("list", { name: "Favorite Bible Teachers" }).getByRole("listitem")).toHaveText([
      "Charles Spurgeon",
      "A. W. Tozer",
    ]);
  });

  test("a session that ended before saving sends the user to sign in again", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.goto("/profile");
    await page.getByRole("radio", { name: "Beginner" }).click();
    // Signed out elsewhere (not through this browser, which keeps its cookie): the save is refused.
    const logout = await fetch(`${baseURL}/api/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(logout.ok).toBe(true);
    await page.getByRole("button", { name: "Save Changes" }).click();
    // A 401 ends the session: the user is sent to sign in again with the notice (SPEC §8).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Session expired")).toBeVisible();
  });
});
