import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { crossReferencesFor } from "./crossrefs.server";
import { groundReferences, NOT_FOUND_MARK } from "./grounding.server";
import { getPassage } from "./passages.server";
import { assertLinear } from "../../../tests/support/hostile-text";
import {
  countVerses,
  findReferences,
  formatRanges,
  MAX_REFERENCE_TEXT,
  parseReference,
  referenceWindows,
} from "./references.server";
import { searchVerses } from "./search.server";
import { findTopics } from "./topics.server";
import { resolveTranslation } from "./translations";

describe("reference parsing", () => {
  test("hostile text: windows are found in linear time, and an over-long reference is refused before the parser", () => {
    assertLinear((text) => referenceWindows(text));
    assertLinear((text) => referenceWindows(`${text} a1a1`.repeat(2)));
    assertLinear((text) => parseReference(text));
    const long = parseReference(`John 3:16; ${"1 ".repeat(MAX_REFERENCE_TEXT)}`);
    assert.equal(long.ok, false);
    assert.ok(!long.ok && long.message.length < MAX_REFERENCE_TEXT + 200);
    assert.deepEqual(referenceWindows("see (John 3:16) and 1 Cor 13:4"), [{ start: 4, end: 30 }]);
    assert.deepEqual(referenceWindows("Song of Solomon 2:1, 1st John 4:8 and Gen 1:1-3; 2:4 ff."), [
      { start: 0, end: 33 },
      { start: 38, end: 56 },
    ]);
  });

  const labels: Array<[string, string]> = [
    ["John 3:16-21", "John 3:16-21"],
    ["Jn 3:16", "John 3:16"],
    ["Psalm 23", "Psalm 23"],
    ["Ps 23:1-3", "Psalm 23:1-3"],
    ["Rom 8:28-39; 12:1-2", "Romans 8:28-39; 12:1-2"],
    ["1 Cor 13", "1 Corinthians 13"],
    ["Gen 1:1-2:3", "Genesis 1:1-2:3"],
    ["Jude 5", "Jude 5"],
    ["Matthew 5-7", "Matthew 5-7"],
    ["Philemon", "Philemon"],
    ["Philemon 1", "Philemon"],
    ["Phlm 1:4-7", "Philemon 4-7"],
    ["Jude", "Jude"],
    ["jude 1", "Jude"],
    ["Obadiah", "Obadiah"],
    ["2 John", "2 John"],
    ["3 John", "3 John"],
    ["3 Jn 1", "3 John"],
  ];
  for (const [input, label] of labels) {
    test(`${input} -> ${label}`, () => {
      const parsed = parseReference(input);
      assert.ok(parsed.ok, input);
      if (parsed.ok) assert.equal(parsed.label, label);
    });
  }

  test("a one-chapter book alone, or with its chapter, is the whole book; with a verse, that verse", () => {
    const whole = parseReference("Philemon");
    const chapter = parseReference("Philemon 1");
    assert.ok(whole.ok && chapter.ok);
    assert.deepEqual(chapter.ranges, whole.ranges);
    assert.equal(whole.ranges[0]!.end - whole.ranges[0]!.start + 1, 25, "Philemon has 25 verses");
    const verse = parseReference("Philemon 4");
    assert.ok(verse.ok && verse.ranges[0]!.start === verse.ranges[0]!.end);
    assert.equal(parseReference("Romans").ok, false, "a book of many chapters alone is still not a passage");
  });

  test("a book that does not exist is not recognized", () => {
    const parsed = parseReference("Hezekiah 4:1");
    assert.equal(parsed.ok, false);
    if (!parsed.ok) assert.match(parsed.message, /not a Bible reference we recognize/);
  });

  test("a chapter or verse that does not exist says why", () => {
    const chapter = parseReference("John 30:1");
    assert.equal(chapter.ok, false);
    if (!chapter.ok) assert.match(chapter.message, /John 30:1 does not exist: John has 21 chapters/);
    const verse = parseReference("John 3:99");
    if (!verse.ok) assert.match(verse.message, /John 3 has 36 verses/);
    assert.equal(parseReference("John 3:30-99").ok, false, "a clamped range is not real either");
  });

  test("a sentence is not a reference", () => {
    assert.equal(parseReference("faith and works").ok, false);
    assert.equal(parseReference("").ok, false);
    assert.equal(parseReference("I love John 3:16 so much").ok, false);
  });

  test("verse counts cross chapters", () => {
    const parsed = parseReference("Gen 1:30-2:2");
    assert.ok(parsed.ok);
    if (parsed.ok) assert.equal(countVerses(parsed.ranges), 4);
  });

  test("references are found inside text, with their positions", () => {
    const text = "God loves us (John 3:16) and works all things for good (Rom 8:28), not (John 30:1).";
    const found = findReferences(text);
    assert.deepEqual(
      found.map((reference) => [reference.text, reference.valid]),
      [
        ["John 3:16", true],
        ["Rom 8:28", true],
        ["John 30:1", false],
      ],
    );
    assert.equal(text.slice(found[0]!.start, found[0]!.end), "John 3:16");
    assert.equal(formatRanges(found[1]!.ranges), "Romans 8:28");
  });

  test("a range across two books names each book once", () => {
    const parsed = parseReference("Genesis 50:26-Exodus 1:2");
    assert.ok(parsed.ok);
    assert.equal(parsed.label, "Genesis 50:26-Exodus 1:2");
  });
});

describe("passages", () => {
  test("getPassage returns the verses with their text, labelled with the translation shown", () => {
    const passage = getPassage("John 3:16", "KJV");
    assert.equal(passage.reference, "John 3:16");
    assert.equal(passage.translation.shown, "KJV");
    assert.equal(passage.verses.length, 1);
    assert.match(passage.verses[0]!.text, /^For God so loved the world/);
  });

  test("copyrighted translations fall back to the BSB and say so", () => {
    const passage = getPassage("Psalm 23", "NKJV");
    assert.equal(passage.translation.shown, "BSB");
    assert.match(passage.translation.note ?? "", /NKJV is not available offline.*Berean Standard Bible/);
    assert.equal(passage.verses.length, 6);
    assert.match(passage.text, /The LORD is my shepherd/);
    assert.equal(resolveTranslation("KJV").note, undefined);
  });

  test("invalid and over-long passages are 400s", () => {
    assert.throws(
      () => getPassage("Hezekiah 4:1"),
      (error: Error & { status?: number }) => error.status === 400,
    );
    assert.throws(() => getPassage("John 30:1"), /John has 21 chapters/);
    assert.throws(() => getPassage("Genesis 1-50"), /at most 200 verses/);
  });

  test("multi-part passages keep their order", () => {
    const passage = getPassage("Rom 8:28-39; 12:1-2", "WEB");
    assert.equal(passage.verses.length, 14);
    assert.deepEqual(passage.verses.at(-1), { ...passage.verses.at(-1)!, book: "Romans", chapter: 12, verse: 2 });
  });
});

describe("search, cross-references and topics", () => {
  test("full-text search finds verses by their words", () => {
    const hits = searchVerses("faith works dead", { limit: 5 });
    assert.ok(hits.length > 0);
    assert.ok(
      hits.some((hit) => hit.reference.startsWith("James 2")),
      JSON.stringify(hits),
    );
    assert.deepEqual(searchVerses("the and of"), []);
  });

  test("cross-references come best-voted first and leave out the passage itself", () => {
    const parsed = parseReference("John 3:16");
    assert.ok(parsed.ok);
    if (!parsed.ok) return;
    const references = crossReferencesFor(parsed.ranges, 5);
    assert.equal(references.length, 5);
    assert.ok(references.every((reference) => !reference.reference.startsWith("John 3:16")));
    assert.ok(references[0]!.votes >= references[4]!.votes);
  });

  test("topics are found by name and by their words, following redirects", () => {
    const [faith] = findTopics("Faith");
    assert.equal(faith?.name, "Faith");
    assert.ok(faith!.ranges.length > 20);
    const names = findTopics("Faith and Works", 3).map((topic) => topic.name);
    assert.ok(names.includes("Faith"));
    assert.ok(
      names.some((name) => /work/i.test(name)),
      names.join(", "),
    );
  });
});

describe("grounding", () => {
  test("references that do not exist are marked, never shown as real", () => {
    const result = groundReferences("Trust him (Proverbs 3:5-6) and (John 30:1); see also Psalm 151.");
    assert.deepEqual(
      result.invalid.map((reference) => reference.text.trim()),
      ["John 30:1", "Psalm 151"],
    );
    assert.equal(
      result.text,
      `Trust him (Proverbs 3:5-6) and John 30:1 ${NOT_FOUND_MARK}; see also Psalm 151 ${NOT_FOUND_MARK}.`,
    );
    assert.equal(result.valid.length, 1);
  });
});

describe("references in long texts", () => {
  test("book names of several words and ordinals are read whole", () => {
    const text = "Read 1 Cor. 13:4-7, The Song of Solomon 2:1, Second Kings 2:11 and 1st Peter 5:7; then Jude 5.";
    assert.deepEqual(
      findReferences(text).map((reference) => [reference.label, reference.valid]),
      [
        ["1 Corinthians 13:4-7", true],
        ["Song of Solomon 2:1", true],
        ["2 Kings 2:11", true],
        ["1 Peter 5:7", true],
        ["Jude 5", true],
      ],
    );
  });

  test("positions stay right across a long text, and a repeated reference is found every time", () => {
    const filler = "Words without any numbers at all, just prose about faith and hope. ".repeat(40);
    const text = `${filler}(John 3:16) ${filler} see (John 3:16) and (Psalm 151). ${filler}`;
    const found = findReferences(text);
    assert.deepEqual(
      found.map((reference) => [reference.text, reference.valid]),
      [
        ["John 3:16", true],
        ["John 3:16", true],
        ["Psalm 151", false],
      ],
    );
    for (const reference of found) assert.equal(text.slice(reference.start, reference.end), reference.text);
    assert.deepEqual(findReferences(text), found, "the same answer from the cache");
  });

  test("numbers that are not references are left alone", () => {
    assert.deepEqual(findReferences("Meet at 7 for 45 minutes; bring 2 friends (verses 3 and 4)."), []);
  });
});
