import { expect, test } from "./fixtures";

/**
 * One name per thing. SPEC fixes three words for the add-content screen (the sidebar's Add Content,
 * the dashboard tile's Process Sermon, the page's Add Study Content) and two for the top depth
 * (Advanced on Profile, Deep Study elsewhere): each stays where SPEC puts it, and the free places
 * (the tab's title, links, the tile's description, hints) use Add Content and say how the depths map.
 */
test("the add-content screen is Add Content wherever SPEC leaves the word free", async ({ signedInPage: page }) => {
  await page.goto("/library");
  await page.getByRole("main").getByRole("link", { name: "Add Content" }).click();
  await expect(page).toHaveURL(/\/add-content$/);
  await expect(page.getByRole("heading", { name: "Add Study Content", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Add Content | Sagacity Bites");

  await page.goto("/");
  const tile = page.getByRole("link", { name: /Process Sermon/ });
  await expect(tile).toContainText("Add Content");
  await tile.click();
  await expect(page.getByRole("heading", { name: "Add Study Content", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Add Content | Sagacity Bites");
});

test("Advanced on Profile is said to be Today's Deep Study, and the plans' help says the reverse", async ({
  signedInPage: page,
}) => {
  await page.goto("/profile");
  await expect(page.getByRole("radio", { name: "Advanced" })).toHaveAccessibleDescription(/Deep Study/);
  await page.goto("/bible-plans");
  await page.getByRole("button", { name: "About depth levels" }).click();
  await expect(page.getByRole("dialog").getByText("(Advanced on your Profile)")).toBeVisible();
});
