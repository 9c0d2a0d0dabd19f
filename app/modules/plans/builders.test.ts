import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { books } from "~/modules/bible/books";
import { balancedChunks, buildPlanCatalogue, chapterRangeLabel, chaptersOf, labelChapters } from "./builders";

const catalogue = buildPlanCatalogue();
const plan = (slug: string) => catalogue.find((entry) => entry.slug === slug)!;

/** Expands a chapter label ("Genesis 1-3", "Psalm 23", "Jude 1:1-25") back to chapters. */
function chaptersIn(label: string): string[] {
  const match = /^(.+?) (\d+)(?:-(\d+))?$/.exec(label);
  const single = /^(.+?) 1:1-(\d+)$/.exec(label);
  if (single) {
    const book = books.find((entry) => entry.name === single[1])!;
    assert.equal(book.chapters, 1, label);
    assert.equal(Number(single[2]), book.verses[0], `${label} covers the whole book`);
    return [`${book.id} 1`];
  }
  assert.ok(match, `unexpected label ${label}`);
  const name = match[1] === "Psalm" || match[1] === "Psalms" ? "Psalms" : match[1]!;
  const book = books.find((entry) => entry.name === name);
  assert.ok(book, `unknown book in ${label}`);
  const first = Number(match[2]);
  const last = Number(match[3] ?? match[2]);
  assert.ok(first <= last && last <= book.chapters, label);
  return Array.from({ length: last - first + 1 }, (_, index) => `${book.id} ${first + index}`);
}

function expectedChapters(bookIds: string[]) {
  return chaptersOf(bookIds).map(({ book, chapter }) => `${book.id} ${chapter}`);
}

function coveredInOrder(slug: string) {
  return plan(slug).days.flatMap((day) => day.flatMap(chaptersIn));
}

describe("the plan catalogue", () => {
  test("slugs are unique and every plan has a name, description and type", () => {
    assert.equal(new Set(catalogue.map((entry) => entry.slug)).size, catalogue.length);
    for (const entry of catalogue) {
      assert.ok(entry.name.length > 3 && entry.description.length > 40, entry.slug);
      assert.ok(["book", "passage", "canonical"].includes(entry.planType), entry.slug);
      assert.ok(
        entry.days.every((day) => day.length > 0),
        `${entry.slug}: no empty day`,
      );
    }
  });

  const chapterPlans: Array<[string, string[], number]> = [
    ["gospel-of-john-21-days", ["JHN"], 21],
    ["psalms-30-days", ["PSA"], 30],
    ["proverbs-31-days", ["PRO"], 31],
    ["romans-16-days", ["ROM"], 16],
    ["gospels-30-days", ["MAT", "MRK", "LUK", "JHN"], 30],
    ["new-testament-90-days", books.filter((book) => book.testament === "NT").map((book) => book.id), 90],
    ["bible-in-a-year", books.map((book) => book.id), 365],
  ];
  for (const [slug, bookIds, days] of chapterPlans) {
    test(`${slug}: ${days} days, every chapter once, in canonical order`, () => {
      assert.equal(plan(slug).days.length, days);
      assert.deepEqual(coveredInOrder(slug), expectedChapters(bookIds));
    });
  }

  test("one chapter a day for John, Proverbs and Romans", () => {
    for (const slug of ["gospel-of-john-21-days", "proverbs-31-days", "romans-16-days"]) {
      assert.ok(
        plan(slug).days.every((day) => day.flatMap(chaptersIn).length === 1),
        slug,
      );
    }
    assert.deepEqual(plan("gospel-of-john-21-days").days[2], ["John 3"]);
  });

  test("Psalms: five a day", () => {
    const days = plan("psalms-30-days").days;
    assert.ok(days.every((day) => day.flatMap(chaptersIn).length === 5));
    assert.deepEqual(days[0], ["Psalms 1-5"]);
    assert.deepEqual(days[23], ["Psalms 116-120"]);
    assert.deepEqual(days[29], ["Psalms 146-150"]);
  });

  test("Sermon on the Mount: Matthew 5-7 in 7 readings, every verse once, at section breaks", () => {
    const days = plan("sermon-on-the-mount-7-days").days;
    assert.equal(days.length, 7);
    const matthew = books.find((book) => book.id === "MAT")!;
    const verses: string[] = [];
    for (const [reference] of days) {
      const match = /^Matthew (\d+):(\d+)-(\d+)$/.exec(reference!);
      assert.ok(match, reference);
      const [chapter, from, to] = [Number(match[1]), Number(match[2]), Number(match[3])];
      for (let verse = from; verse <= to; verse++) verses.push(`${chapter}:${verse}`);
    }
    const expected = [5, 6, 7].flatMap((chapter) =>
      Array.from({ length: matthew.verses[chapter - 1]! }, (_, index) => `${chapter}:${index + 1}`),
    );
    assert.deepEqual(verses, expected);
    assert.deepEqual(days[0], ["Matthew 5:1-16"], "the Beatitudes with salt and light");
    assert.deepEqual(days[3], ["Matthew 6:1-18"], "giving, the Lord's Prayer and fasting together");
  });

  test("Bible in a Year: about three or four chapters a day, balanced by length", () => {
    const days = plan("bible-in-a-year").days.map((day) => day.flatMap(chaptersIn));
    const counts = days.map((day) => day.length);
    assert.ok(
      Math.min(...counts) >= 2 && Math.max(...counts) <= 5,
      `chapters a day ${Math.min(...counts)}-${Math.max(...counts)}`,
    );
    const threeOrFour = counts.filter((count) => count === 3 || count === 4).length;
    assert.ok(threeOrFour / counts.length > 0.75, `${threeOrFour} of 365 days have 3-4 chapters`);
    const verses = plan("bible-in-a-year").days.map((day) =>
      day.flatMap(chaptersIn).reduce((sum, key) => {
        const [id, chapter] = key.split(" ");
        return sum + books.find((book) => book.id === id)!.verses[Number(chapter) - 1]!;
      }, 0),
    );
    const average = verses.reduce((a, b) => a + b, 0) / verses.length;
    // Psalm 119 alone has 176 verses; everything else stays near the average.
    assert.ok(verses.filter((count) => count > average * 1.6).length <= 2);
    assert.ok(verses.every((count) => count >= average * 0.35));
  });
});

describe("builder helpers", () => {
  test("labels", () => {
    const psalms = books.find((book) => book.id === "PSA")!;
    const jude = books.find((book) => book.id === "JUD")!;
    assert.equal(chapterRangeLabel(psalms, 23, 23), "Psalm 23");
    assert.equal(chapterRangeLabel(psalms, 1, 5), "Psalms 1-5");
    assert.equal(chapterRangeLabel(jude, 1, 1), "Jude 1:1-25");
    const ruthToSamuel = [...chaptersOf(["RUT"]).slice(3), ...chaptersOf(["1SA"]).slice(0, 2)];
    assert.deepEqual(labelChapters(ruthToSamuel), ["Ruth 4", "1 Samuel 1-2"]);
  });

  test("balancedChunks keeps order, covers everything and refuses impossible splits", () => {
    const chapters = chaptersOf(["GEN"]);
    const days = balancedChunks(chapters, 10);
    assert.equal(days.length, 10);
    assert.deepEqual(days.flat(), chapters);
    assert.throws(() => balancedChunks(chapters, 51), /Cannot spread/);
    assert.throws(() => balancedChunks(chapters, 2, { maxPerDay: 8 }), /do not fit/);
  });
});
