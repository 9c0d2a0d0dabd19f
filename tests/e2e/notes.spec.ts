import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

for (const width of [1280, 390]) {
  test(`at ${width} px: highlight John 3:16, write a note, find them on My Notes and through search, and meet the highlight in a lesson`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto("/bible/JHN/3");
    const text = page.getByRole("article", { name: /John 3, Berean Standard Bible/ });
    await text.getByRole("link", { name: "Verse 16: mark it, cross-references and topics" }).click();
    const panel = page.getByRole("region", { name: "John 3:16" }).filter({ visible: true });

    // A colour: the verse is tinted, and its number says so.
    await panel.getByRole("button", { name: "Highlight John 3:16 yellow" }).click();
    await expect(panel.getByRole("button", { name: "Highlight John 3:16 yellow" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.locator("#v16")).toHaveClass(/bg-yellow-200/);
    // Another colour replaces it (one colour a passage).
    await panel.getByRole("button", { name: "Highlight John 3:16 green" }).click();
    await expect(page.locator("#v16")).toHaveClass(/bg-green-200/);

    // A bookmark with a label, and a note in Markdown.
    await panel.getByPlaceholder("Label (optional)").fill("Gospel in a verse");
    await panel.getByRole("button", { name: "Bookmark", exact: true }).click();
    await expect(panel).toContainText("Bookmarked: Gospel in a verse");
    await panel.getByLabel("New note").fill("**Loved**: the whole world.\n\n<script>alert(1)</script>");
    await panel.getByRole("button", { name: "Save note" }).click();
    const note = panel.getByRole("article").filter({ hasText: "the whole world" });
    await expect(note.locator("strong")).toHaveText("Loved");
    // Raw HTML is shown as text, never run.
    await expect(note).toContainText("<script>alert(1)</script>");
    await expect(panel.getByLabel("New note")).toHaveValue("");

    // Closing and coming back: the marks are kept, and the verse number names them.
    await page.goto("/bible/JHN/3");
    await expect(text.getByRole("link", { name: /^Verse 16 \(highlighted green, bookmarked, 1 note\)/ })).toBeVisible();

    // My Notes lists all three under John, each opening the reader at the verse.
    await page.goto("/notes");
    const john = page.getByRole("region", { name: "John" });
    await expect(john.getByRole("link", { name: "John 3:16" })).toHaveCount(3);
    await expect(john).toContainText("Green highlight");
    await expect(john).toContainText("Bookmark: Gospel in a verse");
    await expect(john.locator("strong", { hasText: "Loved" })).toBeVisible();
    await page.getByRole("link", { name: "By label" }).click();
    await expect(page.getByRole("region", { name: "Gospel in a verse" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Search finds the note (under My notes) and the verse, and the note opens the reader at the verse.
    await page.goto("/search?q=whole%20world");
    const mine = page.getByRole("region", { name: "My notes" });
    await expect(mine.getByRole("link", { name: /Note on John 3:16/ })).toBeVisible();
    await mine.getByRole("link", { name: /Note on John 3:16/ }).click();
    await expect(page).toHaveURL(/\/bible\/JHN\/3\?v=16#v16$/);
    await expect(page.locator("#v16")).toHaveClass(/bg-green-200/);

    // A lesson quoting John 3:16 shows the highlight on that reference.
    await page.goto("/lesson-plans");
    await page.getByRole("tab", { name: "Passage" }).click();
    await page.getByPlaceholder("e.g., John 3:16-21").fill("John 3:16");
    await page.getByRole("button", { name: "Generate Study" }).click();
    await expect(page).toHaveURL(/\/lesson-plans\?study=/);
    await expect(page.getByRole("button", { name: "John 3:16", exact: true }).first()).toHaveClass(/bg-green-200/);

    // Deleting from My Notes.
    await page.goto("/notes?kind=note");
    await page.getByRole("button", { name: "Delete the note on John 3:16" }).click();
    await expect(page.getByRole("button", { name: "Delete the note on John 3:16" })).toHaveCount(0);
    await page.goto("/notes?kind=note");
    await expect(page.getByText("None of this kind yet.")).toBeVisible();
  });
}
