import { expect, test } from "./fixtures";

// Issue 28: every lesson and devotional says who wrote it, and the AI settings say what is in use now.
test.describe("who wrote it", () => {
  test("a lesson and the day's devotional end with the built-in writer's credit", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await page.getByRole("tab", { name: "Passage" }).click();
    await page.getByPlaceholder("e.g., John 3:16-21").fill("Psalm 121");
    await page.getByRole("button", { name: "Generate Study" }).click();
    await expect(page).toHaveURL(/\/lesson-plans\?study=/);
    const lessonCredit = page.locator("footer[data-writer]");
    await expect(lessonCredit).toHaveAttribute("data-writer", "builtin");
    await expect(lessonCredit).toContainText("Written by the built-in study writer.");

    await page.goto("/bible-plans");
    await page.getByRole("button", { name: /Start Plan Gospel of John in 21 Days/ }).click();
    await expect(page).toHaveURL(/\/today$/);
    const devotional = page.getByRole("article", { name: "Devotional" });
    await expect(devotional.locator("footer[data-writer]")).toContainText("Written by the built-in study writer.");
  });

  test("the AI settings say which writer and which Bible text are used now", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "AI Settings" }).click();
    const inUse = page.getByRole("region", { name: "In use now" });
    await expect(inUse).toContainText("Writer: the built-in study writer, offline.");
    await expect(inUse).toContainText("No API key is configured");
    await expect(inUse).toContainText(
      "Scripture: NKJV is not available offline, so Scripture is quoted from the Berean Standard Bible (BSB).",
    );
  });
});
