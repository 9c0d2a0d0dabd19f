import { randomUUID } from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import { sabbathArticle } from "../fixtures/articles";
import { e2eServerInfoFile } from "../support/e2e-accounts";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { expect, test, type Account } from "./fixtures";

// The e2e server runs with ALLOW_PRIVATE_URLS=true, so it may fetch this site on 127.0.0.1.
let site: FakeSite;

test.beforeAll(async () => {
  site = await startFakeSite();
});
test.afterAll(async () => {
  await site.close();
});

async function addQuote(baseURL: string, account: Account, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/api/sermons`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${account.token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`add failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; title: string };
}

test.describe("Add Study Content", () => {
  test("processes a URL, shows the result, and View in Library shows it with the library's rules", async ({
    signedInPage: page,
  }) => {
    await page.goto("/process-sermon");
    await expect(page.getByRole("heading", { name: "Add Study Content", level: 1 })).toBeVisible();
    await expect(page.getByText("How it works")).toBeVisible();
    await expect(page.getByText("Paste a URL")).toBeVisible();
    await expect(page.getByText(/a video with captions or a blog article/)).toBeVisible();
    await expect(page.getByText("AI analyzes it")).toBeVisible();
    await expect(page.getByText("Review and save")).toBeVisible();

    const urlField = page.getByLabel("URL", { exact: true });
    await expect(urlField).toHaveAttribute("type", "url");
    await urlField.fill(`${site.url}/articles/sabbath?delay=1200`);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("button", { name: "Processing with AI..." })).toBeDisabled();

    await expect(page.getByText("Content processed!").first()).toBeVisible();
    await expect(page.getByText("AI has analyzed your content and generated insights").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: sabbathArticle.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();
    const bites = page.getByRole("region", { name: "Key Insights" }).getByRole("listitem");
    const biteCount = await bites.count();
    expect(biteCount).toBeGreaterThanOrEqual(3);
    expect(biteCount).toBeLessThanOrEqual(7);
    const firstBite = (await bites.first().textContent())!.trim();

    await page.getByRole("link", { name: "View in Library" }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole("heading", { name: "My Library", level: 1 })).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: sabbathArticle.title }) });
    await expect(card.getByText("Blog Post")).toBeVisible();
    await expect(card.getByRole("link", { name: new RegExp(sabbathArticle.title) })).toHaveAttribute(
      "href",
      `${site.url}/articles/sabbath?delay=1200`,
    );
    await expect(card.getByText(sabbathArticle.author)).toBeVisible();
    await expect(card.getByText(firstBite)).toBeVisible();
    // At most three insights, then "+N more insights".
    await expect(card.getByRole("listitem")).toHaveCount(Math.min(3, biteCount));
    if (biteCount > 3) {
      await expect(card.getByRole("button", { name: `+${biteCount - 3} more insights` })).toBeVisible();
      await card.getByRole("button", { name: `+${biteCount - 3} more insights` }).click();
      await expect(card.getByRole("listitem")).toHaveCount(biteCount);
    }
    await expect(page.getByText("Your library is empty")).toHaveCount(0);
  });

  test("Add Another clears the result and the form", async ({ signedInPage: page }) => {
    await page.goto("/process-sermon");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/articles/prayer`);
    await page.getByLabel("Title (optional)").fill("Psalms notes");
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("heading", { name: "Psalms notes" })).toBeVisible();
    await page.getByRole("link", { name: "Add Another" }).click();
    await expect(page.getByRole("heading", { name: "Psalms notes" })).toHaveCount(0);
    await expect(page.getByLabel("URL", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Title (optional)")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Process with AI" })).toBeEnabled();
  });

  test("/add-content is the same screen", async ({ signedInPage: page }) => {
    await page.goto("/add-content");
    await expect(page.getByRole("heading", { name: "Add Study Content", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Process with AI" })).toBeVisible();
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/notes.txt`);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("heading", { name: "Untitled Content" })).toBeVisible();
  });

  test("a blank URL shows URL required without sending anything", async ({ signedInPage: page }) => {
    await page.goto("/process-sermon");
    await page.getByLabel("URL", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByText("URL required").first()).toBeVisible();
    await expect(page.getByText("Please enter a URL to process").first()).toBeVisible();
  });

  test("a failure shows Unable to process content with the reason", async ({ signedInPage: page }) => {
    await page.goto("/process-sermon");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/no-such-article`);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByText("Unable to process content").first()).toBeVisible();
    await expect(page.getByText(/That page was not found \(HTTP 404\)/).first()).toBeVisible();
    await expect(page.getByLabel("URL", { exact: true })).toHaveValue(`${site.url}/no-such-article`);
  });
});

test.describe("My Library", () => {
  test("a new library shows the empty state, both lists and the help popover", async ({ signedInPage: page }) => {
    await page.goto("/library");
    await expect(page.getByRole("heading", { name: "My Library", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Content & Excerpts" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Saved Lesson Plans" })).toBeVisible();
    await expect(page.getByText("Your library is empty")).toBeVisible();
    for (const hint of ["Save book excerpts", "Capture blog insights", "Preserve quotes", "Create lesson plans"]) {
      await expect(page.getByText(hint)).toBeVisible();
    }
    await page.getByRole("button", { name: "Library help" }).click();
    await expect(page.getByRole("dialog").getByText(/studies you saved from Lesson Plans/)).toBeVisible();
  });

  test("quotes and book excerpts added by hand, with the 200-character excerpt rule", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    const longQuote = `${"Grace is the free, undeserved goodness and favor of God to mankind. ".repeat(4)}End.`;
    await addQuote(baseURL!, account, { contentType: "quote", text: longQuote, author: "Matthew Henry" });
    await page.goto("/library");

    const quoteCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Quote by Matthew Henry" }) });
    await expect(quoteCard.getByText("Quote", { exact: true })).toBeVisible();
    await expect(quoteCard.getByText(`${longQuote.slice(0, 200)}...`)).toBeVisible();

    await page.getByRole("button", { name: "Add Quote or Excerpt" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Book Excerpt").check();
    await dialog
      .getByRole("textbox", { name: "Excerpt" })
      .fill("Grace is not opposed to effort, it is opposed to earning.");
    await dialog.getByLabel("Author").fill("Dallas Willard");
    await dialog.getByLabel("Store URL (optional)").fill("not a web address");
    await dialog.getByRole("button", { name: "Save to Library" }).click();
    // The browser's own check, then the server's: both refuse a bad store link.
    await dialog.getByLabel("Store URL (optional)").fill("ftp://store.example.com/book");
    await dialog.getByRole("button", { name: "Save to Library" }).click();
    await expect(dialog.getByText("Book title is required for a book excerpt")).toBeVisible();
    await dialog.getByLabel("Book title").fill("The Great Omission");
    await dialog.getByLabel("Cover image URL (optional)").fill(`${baseURL}/favicon.svg`);
    await dialog.getByRole("button", { name: "Save to Library" }).click();
    await expect(dialog.getByText(/Store URL must be a web address/)).toBeVisible();
    await dialog.getByLabel("Store URL (optional)").fill("https://www.amazon.com/dp/0060882433");
    await dialog.getByRole("button", { name: "Save to Library" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Added to your library").first()).toBeVisible();

    const bookCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Excerpt from The Great Omission" }) });
    await expect(bookCard.getByText("Book Excerpt", { exact: true })).toBeVisible();
    await expect(bookCard.getByRole("img", { name: "Cover of The Great Omission" })).toBeVisible();
    await expect(bookCard.getByText("The Great Omission", { exact: true })).toBeVisible();
    await expect(bookCard.getByRole("link", { name: "View on Amazon" })).toHaveAttribute(
      "href",
      "https://www.amazon.com/dp/0060882433",
    );
    await expect(bookCard.getByText("Grace is not opposed to effort, it is opposed to earning.")).toBeVisible();
  });

  test("deleting an item asks first, then removes it", async ({ signedInPage: page, account, baseURL }) => {
    const item = await addQuote(baseURL!, account, {
      contentType: "quote",
      text: "Be still, and know that I am God.",
      title: "Stillness",
    });
    await page.goto("/library");
    await page.getByRole("button", { name: "Delete Stillness" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByText("Delete this item?")).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Stillness" })).toBeVisible();
    await page.getByRole("button", { name: "Delete Stillness" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { name: "Stillness" })).toHaveCount(0);
    await expect(page.getByText("Deleted from library").first()).toBeVisible();
    await expect(page.getByText("Your library is empty")).toBeVisible();
    const gone = await fetch(`${baseURL}/api/sermons/${item.id}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(gone.status).toBe(404);
  });

  test("saved lesson plans show title, type and a 150-character preview", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    const me = (await (
      await fetch(`${baseURL}/api/me`, { headers: { authorization: `Bearer ${account.token}` } })
    ).json()) as { id: string };
    const { databasePath } = JSON.parse(fs.readFileSync(e2eServerInfoFile(Number(new URL(baseURL!).port)), "utf8")) as {
      databasePath: string;
    };
    const studyId = randomUUID();
    const content = `## Overview\n\n${"Faith without works is dead, and works flow from living faith. ".repeat(5)}`;
    const db = new Database(databasePath);
    try {
      db.prepare("insert into studies (id, user_id, title, content, study_type) values (?, ?, ?, ?, ?)").run(
        studyId,
        me.id,
        "Faith and Works",
        content,
        "topic",
      );
      db.prepare("insert into library_saves (id, user_id, study_id) values (?, ?, ?)").run(
        randomUUID(),
        me.id,
        studyId,
      );
    } finally {
      db.close();
    }
    await page.goto("/library");
    const saved = page.getByRole("list", { name: "Saved Lesson Plans" });
    await expect(saved.getByRole("link", { name: "Faith and Works" })).toHaveAttribute(
      "href",
      `/lesson-plans?study=${studyId}`,
    );
    await expect(saved.getByText("Topic")).toBeVisible();
    const preview = (await saved.locator("p").first().textContent())!;
    expect(preview.replace(/\s+/g, " ")).toBe(`${content.slice(0, 150)}...`.replace(/\s+/g, " "));
  });
});

test.describe("A long library", () => {
  test("shows the newest 20 items of a list and Show more adds the next 20", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    for (let index = 1; index <= 25; index++) {
      await addQuote(baseURL!, account, {
        contentType: "quote",
        text: `Quote number ${index} on grace`,
        title: `Quote ${index}`,
      });
    }
    await page.goto("/library");
    const list = page.getByRole("list", { name: "Content & Excerpts" });
    await expect(list.getByRole("listitem")).toHaveCount(20);
    await expect(list.getByText("Quote 25", { exact: true })).toBeVisible();
    await expect(list.getByText("Quote 5", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Showing 20 of 25")).toBeVisible();
    await page.getByRole("link", { name: "Show more" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(25);
    await expect(list.getByText("Quote 1", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
  });
});

test.describe("Add Study Content without JavaScript (a plain form post)", () => {
  test.use({ javaScriptEnabled: false });

  test("processes a URL and shows the result; a blank URL says URL required", async ({ signedInPage: page }) => {
    await page.goto("/process-sermon");
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("alert")).toContainText("URL required - Please enter a URL to process");
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/articles/sabbath`);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("heading", { name: sabbathArticle.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "View in Library" })).toHaveAttribute("href", "/library");
  });
});
