import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The pages of a PDF as Chromium writes it: each page object's content streams, inflated, and
 * whether they show any text (a blank page shows none).
 */
function pdfPages(pdf: Buffer) {
  const source = pdf.toString("latin1");
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);
  const showsText = (id: string) => {
    const body = objects.get(id) ?? "";
    const start = body.indexOf("stream");
    const end = body.lastIndexOf("endstream");
    if (start < 0 || end < 0) return false;
    const raw = Buffer.from(body.slice(start + "stream".length, end).replace(/^\r?\n/, ""), "latin1");
    const text = /\/FlateDecode/.test(body) ? zlib.inflateSync(raw).toString("latin1") : raw.toString("latin1");
    return /\bT[Jj]\b/.test(text);
  };
  return [...objects.values()]
    .filter((body) => /\/Type\s*\/Page\b/.test(body))
    .map((body) => {
      const contents = body.match(/\/Contents\s*(?:\[([^\]]*)\]|(\d+) 0 R)/);
      const ids = contents?.[1] ? [...contents[1].matchAll(/(\d+) 0 R/g)].map((m) => m[1]!) : [contents?.[2] ?? ""];
      return { hasText: ids.some(showsText) };
    });
}

async function createStudy(page: Page, studyType: "Topic" | "Passage", value: string) {
  await page.goto("/lesson-plans");
  await page.getByRole("tab", { name: studyType }).click();
  await page.getByPlaceholder(studyType === "Topic" ? "e.g., Faith and Works" : "e.g., John 3:16-21").fill(value);
  await page.getByRole("button", { name: "Generate Study" }).click();
  await expect(page).toHaveURL(/\/lesson-plans\?study=/);
  await expect(page.getByRole("region", { name: "Study preview" }).getByRole("heading", { level: 2 })).toBeVisible();
}

for (const [studyType, value, theme] of [
  ["Passage", "Psalm 23", "dark"],
  ["Topic", "Forgiveness", "sepia"],
] as const) {
  test(`a ${studyType.toLowerCase()} lesson (${value}) prints as a handout of 2 to 4 Letter pages`, async ({
    signedInPage: page,
  }) => {
    // Read on screen in a dark or sepia theme; printed, it is dark ink on white paper.
    await page.context().addCookies([{ name: "sb_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
    await createStudy(page, studyType, value);
    // Before issue 29 both took 9 pages, each section starting a new one.
    const pages = pdfPages(await page.pdf({ format: "Letter" }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(
      pages.map((shown, index) => ({ page: index + 1, ...shown })).filter((shown) => !shown.hasText),
      "blank pages",
    ).toEqual([]);

    // On paper, nothing of the screen's: no links, buttons or fields. A scripture reference prints as
    // its text, and a section's title (a button that folds it on screen) as a plain heading.
    await page.emulateMedia({ media: "print" });
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll("a[href], button, input, select, textarea, [role=tab], [role=toolbar]")]
        .filter((element) => element.checkVisibility() && !element.closest("h3") && !element.matches("[aria-haspopup]"))
        .map((element) => element.outerHTML.slice(0, 120)),
    );
    expect(controls).toEqual([]);
    const title = page.getByRole("region", { name: "Study preview" }).getByRole("heading", { level: 2 });
    const ink = await title.evaluate((heading) => getComputedStyle(heading).color);
    expect(Math.max(...(ink.match(/\d+/g) ?? []).slice(0, 3).map(Number)), `dark ink, not ${ink}`).toBeLessThan(80);
    // Scripture stays with its heading: the Key Scriptures are printed, and the heading before each quote avoids a break after it.
    const keyScriptures = page.getByRole("heading", { name: "Key Scriptures" });
    await expect(keyScriptures).toBeVisible();
    expect(await keyScriptures.evaluate((heading) => getComputedStyle(heading).breakAfter)).toBe("avoid");
  });
}
