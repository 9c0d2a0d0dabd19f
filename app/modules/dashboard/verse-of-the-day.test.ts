import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import versesJson from "./content/verses-of-the-day.json";
import { DAYS_IN_LIST, parseVersesOfTheDay, verseIndexFor, verseOfTheDay } from "./verse-of-the-day.server";

describe("verses-of-the-day.json", () => {
  const verses = parseVersesOfTheDay(versesJson);

  test("366 references in the Bible's order, each with words in every shipped translation", () => {
    assert.equal(verses.length, DAYS_IN_LIST);
    let previous = 0;
    for (const reference of verses) {
      const parsed = parseReference(reference);
      assert.ok(parsed.ok, reference);
      if (!parsed.ok) continue;
      assert.ok(parsed.ranges[0]!.start > previous, `${reference} comes after the verse before it`);
      previous = parsed.ranges[0]!.start;
      for (const translation of ["BSB", "WEB", "KJV"]) {
        const passage = passageFromRanges(parsed.ranges, translation);
        assert.ok(
          passage.verses.every((verse) => verse.text.length > 0),
          `${reference} (${translation}) has every verse`,
        );
      }
    }
  });

  test("a reference that is not one, too long, repeated, or a short list is refused and named", () => {
    const list = [...verses];
    const broken = (change: (draft: string[]) => void) => {
      const draft = [...list];
      change(draft);
      return () => parseVersesOfTheDay({ verses: draft });
    };
    assert.throws(
      broken((draft) => (draft[3] = "Hezekiah 4:1")),
      (error: Error) => /verses\[3\]/.test(error.message) && /not a Bible reference/.test(error.message),
    );
    assert.throws(
      broken((draft) => (draft[4] = "Psalm 23")),
      /must be one to 3 verses of one chapter/,
    );
    assert.throws(
      broken((draft) => (draft[10] = draft[0]!)),
      (error: Error) => /verses\[10\]/.test(error.message) && /is already day 1/.test(error.message),
    );
    assert.throws(
      broken((draft) => draft.pop()),
      /366 references/,
    );
    assert.throws(() => parseVersesOfTheDay({ verses: list, extra: 1 }), /extra/);
  });
});

describe("the verse for a day", () => {
  test("January 1 is the first, December 31 the last, February 29 only in a leap year", () => {
    assert.equal(verseIndexFor("2026-01-01"), 0);
    assert.equal(verseIndexFor("2026-02-28"), 58);
    assert.equal(verseIndexFor("2028-02-29"), 59);
    assert.equal(verseIndexFor("2028-03-01"), 60);
    assert.equal(verseIndexFor("2026-03-01"), 60);
    assert.equal(verseIndexFor("2026-12-31"), 365);
    assert.equal(verseIndexFor("2028-12-31"), 365);
  });

  test("its words come from the shipped Bible, with the translation named", () => {
    const verse = verseOfTheDay("2026-01-01");
    assert.equal(verse.reference, "Genesis 1:1");
    assert.match(verse.text, /^In the beginning God created the heavens and the earth\.$/);
    assert.match(verse.translation, /Berean Standard Bible/);
  });
});
