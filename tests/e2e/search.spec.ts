import { expect, test } from "./fixtures";

test("'/' opens search anywhere; a reference goes straight to the reader; words find verses with the words marked, and more", async ({
  signedInPage: page,
}) => {
  await page.goto("/library");
  // A key pressed before the page's scripts have hydrated it does nothing: press until one lands.
  await expect(async () => {
    await page.locator("body").press("/");
    await expect(page).toHaveURL(/\/search$/, { timeout: 1000 });
  }).toPass();
  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill("jn 3:16");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/bible\/JHN\/3\?v=16#v16$/);
  await expect(page.getByRole("heading", { name: "John 3", level: 1 })).toBeVisible();

  // On the search page itself, Ctrl+K puts the caret in its box.
  await page.goto("/search");
  await expect(async () => {
    await page.locator("body").press("Control+k");
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused({ timeout: 1000 });
  }).toPass();
  await page.keyboard.type("shepherd");
  await page.keyboard.press("Enter");
  const bible = page.getByRole("region", { name: /Bible/ });
  await expect(bible.getByRole("listitem")).toHaveCount(20);
  await expect(bible.locator("mark").first()).toHaveText(/^shepherd/i);
  const first = await bible.getByRole("listitem").first().getByRole("link").innerText();
  await page.getByRole("link", { name: "More verses" }).click();
  await expect(bible.getByRole("listitem").first().getByRole("link")).not.toHaveText(first);
  // Searching the KJV instead.
  await page.getByRole("link", { name: "Search the KJV" }).click();
  await expect(bible.getByRole("heading")).toContainText("(KJV)");
});

test("nothing found says so and suggests what to try", async ({ signedInPage: page }) => {
  await page.goto("/search?q=zzzqqqxxx");
  await expect(
    page.getByText("Nothing found for “zzzqqqxxx”. Try fewer or other words, or a reference like John 3:16."),
  ).toBeVisible();
});
