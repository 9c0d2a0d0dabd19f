import type { Page } from "@playwright/test";
import { sabbathArticle } from "../fixtures/articles";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { expect, test, type Account } from "./fixtures";

/** The content pages' main actions as plain HTML forms (see pages-without-javascript.spec.ts). */
test.use({ javaScriptEnabled: false });

// The e2e server runs with ALLOW_PRIVATE_URLS=true, so it may fetch this site on 127.0.0.1.
let site: FakeSite;
test.beforeAll(async () => {
  site = await startFakeSite();
});
test.afterAll(async () => {
  await site.close();
});

function apiGet(page: Page, account: Account, path: string) {
  return page.request
    .get(path, { headers: { authorization: `Bearer ${account.token}` } })
    .then((answer) => answer.json());
}

const preview = (page: Page) => page.getByRole("region", { name: "Study preview" });

test("lesson plans: a topic study and a passage study are generated, shown and saved", async ({
  signedInPage: page,
  account,
}) => {
  await page.goto("/lesson-plans");
  // Both tabs' forms are on the page: without scripts the tab list cannot switch them.
  await expect(page.getByRole("tab")).toHaveCount(0);
  await page.getByLabel("Study topic").fill("Forgiveness");
  await page.getByRole("button", { name: "Generate Study" }).first().click();
  await expect(page).toHaveURL(/\/lesson-plans\?study=/);
  await expect(page.getByText("Lesson plan created!").first()).toBeVisible();
  await expect(page.getByText("Your topic study is ready").first()).toBeVisible();
  await expect(preview(page).getByRole("heading", { level: 2 })).toContainText("Forgiveness");
  await expect(preview(page).getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(preview(page).getByRole("heading", { name: "Key Scriptures" })).toBeVisible();

  // With a lesson open the form is folded away; it opens in place (a <details>, no scripts needed).
  await expect(page.getByLabel("Passage reference")).toBeHidden();
  await page.getByText("New study", { exact: true }).click();
  await page.getByLabel("Passage reference").fill("John 3:16-21");
  await page.getByRole("button", { name: "Generate Study" }).last().click();
  await expect(page.getByText("Your passage study is ready").first()).toBeVisible();
  await expect(preview(page).getByRole("heading", { level: 2 })).toContainText("John 3:16-21");
  await expect(preview(page).getByRole("heading", { name: "Outline" })).toBeVisible();
  await expect(preview(page).getByText("Berean Standard Bible (BSB)", { exact: true })).toBeVisible();

  const studies = (await apiGet(page, account, "/api/studies")) as Array<{ studyType: string }>;
  expect(studies.map((study) => study.studyType).sort()).toEqual(["passage", "topic"]);
  const recent = page.getByRole("list").filter({ has: page.getByRole("link", { name: /John 3:16-21/ }) });
  await expect(recent.getByRole("link")).toHaveCount(2);
});

test("lesson plans: a blank topic is refused by the page's action with its message", async ({ signedInPage: page }) => {
  await page.goto("/lesson-plans");
  const topic = page.getByLabel("Study topic");
  await topic.evaluate((input) => input.removeAttribute("required"));
  await topic.fill("   ");
  await page.getByRole("button", { name: "Generate Study" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to create lesson plan" })).toContainText(
    "Topic is required",
  );
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
  await expect(
    page.getByRole("list", { name: "Saved Lesson Plans" }).getByRole("link", { name: study.title }),
  ).toBeVisible();
  // Saving counted as the library step, with no script to report the visit.
  expect((await apiGet(page, account, "/api/onboarding/status")).hasVisitedLibrary).toBe(true);

  await page.goto(`/lesson-plans?study=${study.id}`);
  await page.getByRole("button", { name: "Saved" }).click();
  await expect(page.getByRole("button", { name: "Save to Library" })).toHaveAttribute("aria-pressed", "false");
  expect(await apiGet(page, account, "/api/library")).toEqual([]);
});

test("library: a quote is added, a field error is shown, and an item is deleted after asking", async ({
  signedInPage: page,
  account,
}) => {
  await page.goto("/library");
  await expect(page.getByText("Your library is empty")).toBeVisible();
  await page.getByRole("link", { name: "Add Quote or Excerpt" }).click();
  const panel = page.getByRole("region", { name: "Add a quote or book excerpt" });
  await expect(panel).toBeVisible();
  // A book excerpt without its book's title is refused next to the field; the panel stays open.
  await panel.getByRole("radio", { name: "Book Excerpt" }).check();
  await panel.getByLabel("Quote or excerpt").fill("Grace upon grace.");
  await panel.getByRole("button", { name: "Save to Library" }).click();
  await expect(panel.getByText("Book title is required for a book excerpt")).toBeVisible();

  await panel.getByRole("radio", { name: "Quote" }).check();
  await panel.getByLabel("Quote or excerpt").fill("We love because he first loved us.");
  await panel.getByLabel("Author").fill("John");
  await panel.getByLabel("Title (optional)").fill("First love");
  await panel.getByRole("button", { name: "Save to Library" }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText("Added to your library").first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "First love" }) });
  await expect(card.getByText("Quote", { exact: true })).toBeVisible();
  await expect(card.getByText("We love because he first loved us.")).toBeVisible();

  // Delete asks on the page first; Cancel keeps the item.
  await card.getByRole("link", { name: "Delete First love" }).click();
  const question = card.getByRole("alertdialog", { name: "Delete this item?" });
  await expect(question).toBeVisible();
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(card.getByRole("alertdialog")).toHaveCount(0);
  await card.getByRole("link", { name: "Delete First love" }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText("Deleted from library").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "First love" })).toHaveCount(0);
  expect((await apiGet(page, account, "/api/sermons")) as unknown[]).toEqual([]);
});

for (const path of ["/add-content", "/process-sermon"]) {
  test(`${path}: a URL is processed and the result shown, then it is in the library`, async ({
    signedInPage: page,
  }) => {
    await page.goto(path);
    await page.getByLabel("URL", { exact: true }).fill(`${site.url}/articles/sabbath`);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { name: sabbathArticle.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Key Insights" }).getByRole("listitem").first()).toBeVisible();
    await page.getByRole("link", { name: "View in Library" }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole("heading", { name: sabbathArticle.title })).toBeVisible();

    // A blank URL is refused in the page, with the spec's words.
    await page.goto(path);
    await page.getByRole("button", { name: "Process with AI" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "URL required" })).toContainText(
      "Please enter a URL to process",
    );
  });
}
