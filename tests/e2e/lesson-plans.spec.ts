import type { Page } from "@playwright/test";
import { apiAs, expect, test } from "./fixtures";

async function createStudy(page: Page, studyType: "Topic" | "Passage", value: string) {
  await page.getByRole("tab", { name: studyType }).click();
  await page.getByPlaceholder(studyType === "Topic" ? "e.g., Faith and Works" : "e.g., John 3:16-21").fill(value);
  await page.getByRole("button", { name: "Generate Study" }).click();
  await expect(page.getByText("Lesson plan created!").first()).toBeVisible();
  await expect(page.getByText(`Your ${studyType.toLowerCase()} study is ready`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/lesson-plans\?study=/);
}

const preview = (page: Page) => page.getByRole("region", { name: "Study preview" });

test.describe("Lesson Plans", () => {
  test("the page as the spec shows it, before any study", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await expect(page.getByRole("heading", { name: "Lesson Plans", level: 1 })).toBeVisible();
    await expect(page.getByText("Create New Study")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Topic" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByPlaceholder("e.g., Faith and Works")).toBeVisible();
    await page.getByRole("tab", { name: "Passage" }).click();
    await expect(page.getByPlaceholder("e.g., John 3:16-21")).toBeVisible();
    await expect(page.getByText("Recent Studies")).toBeVisible();
    await expect(page.getByText("Create a study to see the preview here")).toBeVisible();
    await page.getByRole("button", { name: "Help: Topic vs Passage" }).click();
    const help = page.getByRole("dialog");
    await expect(help.getByText("Topic vs Passage")).toBeVisible();
    await expect(help).toContainText("Passage studies one portion of Scripture");
  });

  test("a topic study: preview sections, badges that show the verse on hover and on focus", async ({
    signedInPage: page,
  }) => {
    await page.goto("/lesson-plans");
    await createStudy(page, "Topic", "Forgiveness");
    const study = preview(page);
    await expect(study.getByRole("heading", { level: 2 })).toContainText("Forgiveness");
    await expect(study.getByRole("heading", { name: "Overview" })).toBeVisible();
    for (const section of [
      "Key Scriptures",
      "Discussion Questions",
      "Application Points",
      "Cross-References",
      "Group Activity",
    ]) {
      await expect(study.getByRole("button", { name: section })).toHaveAttribute("aria-expanded", "true");
    }
    await expect(page.getByRole("link", { name: /Forgiveness/ })).toBeVisible();

    // The first key scripture: a badge in its heading, its text quoted below.
    const firstHeading = study.getByRole("heading", { level: 4 }).first();
    const badge = firstHeading.getByRole("button");
    const label = (await badge.textContent())!.trim();
    // The quote numbers its verses ("21 Then Peter..."), the preview too ("[21] Then Peter..."): compare the words.
    const quote = (await study.locator("blockquote").first().textContent())!.trim().replace(/^\d+\s*/, "");
    await badge.hover();
    const popup = page.getByRole("dialog");
    await expect(popup).toContainText(`${label} · BSB`);
    await expect(popup).toContainText(quote.slice(0, 30));
    await page.mouse.move(0, 0);
    await expect(popup).toHaveCount(0);

    await badge.focus();
    await expect(page.getByRole("dialog")).toContainText(quote.slice(0, 30));
    await page.keyboard.press("Escape");

    // Sections collapse and open again.
    const key = study.getByRole("button", { name: "Key Scriptures" });
    await key.click();
    await expect(key).toHaveAttribute("aria-expanded", "false");
    // Other sections quote too (a prayer, a commentator): this is the first key scripture's quote.
    const keyQuote = study.locator("blockquote", { hasText: quote.slice(0, 30) }).first();
    await expect(keyQuote).toBeHidden();
    await key.click();
    await expect(keyQuote).toBeVisible();
  });

  test("a finished lesson reads as a document: the form folds, a section list, print, copy", async ({
    signedInPage: page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/lesson-plans");
    await createStudy(page, "Topic", "Patience");
    await expect(page.getByPlaceholder("e.g., Faith and Works")).toBeHidden();
    await page.getByText("New study", { exact: true }).click();
    await expect(page.getByPlaceholder("e.g., Faith and Works")).toBeVisible();
    const sections = page.getByRole("navigation", { name: "In this lesson" });
    // The section being read is marked, followed by keyboard and by scrolling.
    const overview = sections.getByRole("link", { name: "Overview" });
    await expect(overview).toHaveAttribute("aria-current", "true");
    const questions = sections.getByRole("link", { name: "Discussion Questions" });
    await questions.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#lesson-section-\d+$/);
    await expect(questions).toHaveAttribute("aria-current", "true");
    await expect(sections.locator('[aria-current="true"]')).toHaveCount(1);
    // Polled: the router's own scroll to the new hash can land after this scroll (seen once in CI,
    // the page back at Discussion Questions), so the scroll is made again until it holds.
    await expect
      .poll(async () => {
        await page.evaluate(() => document.getElementById("lesson-overview")?.scrollIntoView({ block: "start" }));
        return overview.getAttribute("aria-current");
      })
      .toBe("true");
    await expect(questions).not.toHaveAttribute("aria-current", "true");
    const actions = page.getByRole("toolbar", { name: "Lesson actions" });
    await expect(actions.getByRole("button", { name: "Print / Save as PDF" })).toBeVisible();
    await actions.getByRole("button", { name: "Copy as text" }).click();
    await expect(page.getByText("Lesson copied").first()).toBeVisible();
    // The toast covers none of the lesson: it sits over the sidebar's empty lower part.
    const toast = await page.getByRole("listitem").filter({ hasText: "Lesson copied" }).boundingBox();
    const sidebar = await page.getByRole("complementary", { name: "Main navigation" }).boundingBox();
    expect(toast!.x + toast!.width).toBeLessThanOrEqual(sidebar!.x + sidebar!.width);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Patience/);
    expect(copied).toContain("DISCUSSION QUESTIONS");
    expect(copied).not.toContain("**");
  });

  for (const [label, width, height] of [
    ["a phone", 390, 844],
    ["a desktop with the sidebar collapsed", 1280, 800],
  ] as const) {
    test(`on ${label}, the page's end scrolls clear of a toast`, async ({ signedInPage: page }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/lesson-plans");
      if (width >= 768) {
        await page.getByRole("button", { name: "Toggle Sidebar" }).click();
        await expect(page.getByRole("complementary", { name: "Main navigation" })).toHaveAttribute(
          "data-state",
          "collapsed",
        );
      }
      await createStudy(page, "Topic", "Hope");
      const toast = page.getByRole("listitem").filter({ hasText: "Lesson plan created!" });
      await expect(toast).toBeVisible();
      // Scrolled to the end, the last of the page's content ends above the toast (and so above the
      // accessibility button). Polled: the navigation's own scroll restoration may come after.
      const clearance = async () => {
        const contentBottom = await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const main = document.getElementById("main-content")!;
          // What a closed <details> holds (New study's form, below a lesson on a phone) is not shown.
          const bottoms = [...main.querySelectorAll("*")]
            .filter(
              (element) =>
                element.getClientRects().length > 0 && !element.closest("details:not([open]) > :not(summary)"),
            )
            .map((element) => element.getBoundingClientRect().bottom);
          return Math.max(...bottoms);
        });
        return (await toast.boundingBox())!.y - contentBottom;
      };
      await expect.poll(clearance).toBeGreaterThanOrEqual(0);
    });
  }

  test("a passage study quotes the passage and outlines it", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await createStudy(page, "Passage", "John 3:16-21");
    const study = preview(page);
    await expect(study.getByRole("heading", { level: 2 })).toContainText("John 3:16-21");
    await expect(study.locator("blockquote").first()).toContainText("For God so loved the world");
    await expect(study.getByRole("heading", { name: "Outline" })).toBeVisible();
    await expect(study.getByRole("heading", { name: "Key Words" })).toBeVisible();
    // NKJV (the default setting) falls back to the BSB: said once, on the translation badge.
    const translation = study.getByRole("button", { name: "Berean Standard Bible (BSB): about this translation" });
    // A tooltip: hovering opens it, moving away closes it; focus opens it, Escape and blur close it.
    await translation.hover();
    await expect(page.getByRole("dialog")).toContainText("NKJV is not available offline");
    await expect(page.getByText(/NKJV is not available offline/)).toHaveCount(1);
    await expect(study).not.toContainText("not available offline");
    await page.mouse.move(0, 0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await translation.focus();
    await expect(page.getByRole("dialog")).toContainText("NKJV is not available offline");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("dialog")).toContainText("NKJV is not available offline");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const badge = study.getByRole("button", { name: /^John 3:1[6-9]/ }).first();
    await badge.hover();
    await expect(page.getByRole("dialog").filter({ hasText: "For God so loved the world" })).toBeVisible();
  });

  test("a reference that does not exist shows the error toast and keeps the input", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await page.getByRole("tab", { name: "Passage" }).click();
    const input = page.getByPlaceholder("e.g., John 3:16-21");
    await input.fill("John 30:1");
    await page.getByRole("button", { name: "Generate Study" }).click();
    await expect(page.getByText("Failed to create lesson plan").first()).toBeVisible();
    await expect(page.getByText("John 30:1 does not exist: John has 21 chapters.").first()).toBeVisible();
    await expect(input).toHaveValue("John 30:1");
    await expect(page.getByText("Create a study to see the preview here")).toBeVisible();
  });

  test("save to library, then toggle back", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await createStudy(page, "Topic", "Hope");
    const save = preview(page).getByRole("button", { name: "Save to Library" });
    await save.click();
    await expect(page.getByText("Saved to library").first()).toBeVisible();
    await expect(page.getByText("You can find this in your library").first()).toBeVisible();
    const saved = preview(page).getByRole("button", { name: "Saved" });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    let library = await (await page.request.get("/api/library")).json();
    expect(library).toHaveLength(1);
    expect(library[0].study.title).toContain("Hope");

    await page.reload();
    await expect(preview(page).getByRole("button", { name: "Saved" })).toBeVisible();
    await preview(page).getByRole("button", { name: "Saved" }).click();
    await expect(page.getByText("Removed from library").first()).toBeVisible();
    await expect(page.getByText("Study removed successfully").first()).toBeVisible();
    await expect(preview(page).getByRole("button", { name: "Save to Library" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    library = await (await page.request.get("/api/library")).json();
    expect(library).toHaveLength(0);
  });

  test("a failed save flips back and says why", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await createStudy(page, "Topic", "Joy");
    // The study is gone by the time the save arrives (the request is pointed at an unknown one):
    // the library action refuses it for real.
    await page.route(/\/library\.data/, (route) =>
      route.continue({
        postData: (route.request().postData() ?? "").replace(
          /studyId=[^&]+/,
          "studyId=00000000-0000-4000-8000-000000000000",
        ),
      }),
    );
    await preview(page).getByRole("button", { name: "Save to Library" }).click();
    await expect(page.getByText("Failed to update library").first()).toBeVisible();
    await expect(page.getByText("Study not found").first()).toBeVisible();
    await expect(preview(page).getByRole("button", { name: "Save to Library" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("Recent Studies shows the newest five, and selecting one shows it", async ({ signedInPage: page, account }) => {
    const topics = ["Prayer", "Grace", "Peace", "Wisdom", "Courage", "Patience"];
    for (const topic of topics) {
      const response = await page.request.post("/api/studies/topic", {
        data: { topic },
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto("/lesson-plans");
    const recent = page.locator("li a[href*='study=']");
    await expect(recent).toHaveCount(5);
    await expect(recent.first()).toContainText("Patience");
    await expect(page.getByRole("link", { name: /^Prayer/ })).toHaveCount(0);
    await page.getByRole("link", { name: /^Wisdom/ }).click();
    await expect(preview(page).getByRole("heading", { level: 2 })).toContainText("Wisdom");
    await expect(page.getByRole("link", { name: /^Wisdom/ })).toHaveAttribute("aria-current", "true");
  });

  test("works on a 390 px phone screen", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/lesson-plans");
    await createStudy(page, "Passage", "Psalm 23");
    await expect(preview(page).getByRole("heading", { level: 2 })).toContainText("Psalm 23");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the credits page is one click away", async ({ signedInPage: page }) => {
    await page.goto("/lesson-plans");
    await page.getByRole("link", { name: "Credits" }).click();
    await expect(page.getByRole("heading", { name: "About and credits", level: 1 })).toBeVisible();
    await expect(page.getByText("Cross references from OpenBible.info")).toBeVisible();
    await expect(page.getByText("licensed CC BY 4.0")).toBeVisible();
    await expect(page.getByText("King James Version (public domain)")).toBeVisible();
    await expect(page.getByText(/Crown letters patent/)).toBeVisible();
  });
  test("on a phone the open lesson comes first, its sections behind a sticky Sections control", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const topic of ["Hope", "Patience"]) await apiAs(baseURL!, account, "/api/studies/topic", { topic });
    const lesson = await apiAs<{ id: string; title: string }>(baseURL!, account, "/api/studies/passage", {
      reference: "Psalm 23",
    });
    await page.goto(`/lesson-plans?study=${lesson.id}`);
    // The lesson's title on the first screen, above New study and the recent studies (before issue
    // 29 it came after them, at y=596 with two recent studies).
    const title = preview(page).getByRole("heading", { level: 2 });
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.y).toBeLessThan(844 / 2);
    const recent = (await page.getByText("Recent Studies", { exact: true }).boundingBox())!;
    expect(recent.y).toBeGreaterThan(titleBox.y);

    // The Sections control opens the list by keyboard; a section followed closes it and is named.
    const sections = page.getByRole("button", { name: /^Sections/ });
    await sections.focus();
    await page.keyboard.press("Enter");
    const list = page.getByRole("dialog");
    await expect(list.getByRole("navigation", { name: "In this lesson" })).toBeVisible();
    await list.getByRole("link", { name: "Discussion Questions" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#lesson-section-\d+$/);
    await expect(list).toBeHidden();
    await expect(sections).toContainText("Discussion Questions");
    // It stays at the top of the screen, under the app's bar, as the lesson scrolls.
    const box = (await sections.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThan(844 / 4);
    await expect(page.getByRole("heading", { name: "Discussion Questions" })).toBeInViewport();

    // New study and the recent studies are one step away.
    await sections.click();
    await list.getByRole("link", { name: "New study and Recent Studies" }).click();
    await expect(page).toHaveURL(/#lesson-library$/);
    await expect(page.getByText("Recent Studies", { exact: true })).toBeInViewport();
  });
});
