import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ValidationError } from "~/utils/errors";
import { chapterPlace, chapterTitle, findBook, neighbourChapters, placeOfReference } from "./reader.server";

const place = (text: string) => {
  const found = placeOfReference(text);
  return [found.book.id, found.chapter, found.verse ?? null];
};

describe("the reader's go-to box", () => {
  test("reads a reference however it is written", () => {
    assert.deepEqual(place("jn 3"), ["JHN", 3, null]);
    assert.deepEqual(place("jn3:16"), ["JHN", 3, 16]);
    assert.deepEqual(place("John 3:16"), ["JHN", 3, 16]);
    assert.deepEqual(place("1 cor 13"), ["1CO", 13, null]);
    assert.deepEqual(place("Ps 23:1-4"), ["PSA", 23, 1]);
    assert.deepEqual(place("psalm 119"), ["PSA", 119, null]);
    assert.deepEqual(place("3 jn"), ["3JN", 1, null]);
    // A book of one chapter: "Jude 5" is its fifth verse.
    assert.deepEqual(place("jude 5"), ["JUD", 1, 5]);
    // A book's name alone opens its first chapter.
    assert.deepEqual(place("Gen"), ["GEN", 1, null]);
  });

  test("says why when the text is not a passage", () => {
    assert.throws(() => placeOfReference("hezekiah 1"), ValidationError);
    assert.throws(() => placeOfReference("john 99"), /John has 21 chapters/);
  });

  test("a book by its USFM id or its name, never a chapter mistaken for a book", () => {
    assert.equal(findBook("1co")?.name, "1 Corinthians");
    assert.equal(findBook("Song of Songs")?.id, "SNG");
    assert.equal(findBook("jn 3"), null);
    assert.equal(findBook("x".repeat(41)), null);
  });
});

describe("chapters", () => {
  test("a title as a reader says it", () => {
    assert.equal(chapterTitle(findBook("Psalms")!, 23), "Psalm 23");
    assert.equal(chapterTitle(findBook("Jude")!, 1), "Jude");
    assert.equal(chapterTitle(findBook("John")!, 3), "John 3");
  });

  test("the chapters before and after, across books and not past either end", () => {
    assert.deepEqual(neighbourChapters(chapterPlace("GEN", 1)), {
      previous: null,
      next: { bookId: "GEN", title: "Genesis 2", chapter: 2 },
    });
    assert.deepEqual(neighbourChapters(chapterPlace("MAL", 4)).next, { bookId: "MAT", title: "Matthew 1", chapter: 1 });
    assert.deepEqual(neighbourChapters(chapterPlace("MAT", 1)).previous, {
      bookId: "MAL",
      title: "Malachi 4",
      chapter: 4,
    });
    assert.equal(neighbourChapters(chapterPlace("REV", 22)).next, null);
    assert.deepEqual(neighbourChapters(chapterPlace("PSA", 1)).previous, {
      bookId: "JOB",
      title: "Job 42",
      chapter: 42,
    });
  });
});
