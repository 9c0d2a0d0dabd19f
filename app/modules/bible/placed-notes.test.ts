import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { books, verseId } from "./books";
import { chapterIntroductions, commentaryForRanges, placedNotes, type PlacedNote } from "./commentary.server";
import { parseReference, type VerseRange } from "./references.server";
import { wordStudies } from "./word-study.server";

function ranges(reference: string): VerseRange[] {
  const parsed = parseReference(reference);
  assert.ok(parsed.ok, reference);
  return parsed.ranges;
}

const within = (note: PlacedNote, range: VerseRange) => note.range.start >= range.start && note.range.end <= range.end;
const flat = (text: string) => text.replace(/\s+/g, " ");

// What a quoted note must never hold: outline marks, headings and sentences that hang on one left out.
function fragmentProblem(sentence: string): string | null {
  if (/^(?:\(\d+\.?\)|\[\d+\.?\]|\d+\.|[IVXL]+\.)\s/.test(sentence)) return "opens on an outline mark";
  if (/^(?:First|Secondly|Thirdly|Fourthly|Fifthly|Lastly|Finally),/.test(sentence)) return "opens on an ordinal";
  if (/^(?:Concerning\b|That [a-z]+eth\b)/.test(sentence)) return "is a heading";
  if (!/^[“‘"'(]?[A-Z]/.test(sentence)) return "does not open a sentence";
  if (!/[.!?][”’"')\]]*$/.test(sentence)) return "does not end a sentence";
  if (/(?:\(\d+\.?\)|\[\d+\.?\])[”’"')\]]*$/.test(sentence)) return "ends on a dangling numeral";
  return null;
}

describe("commentary placed on the verses it discusses", () => {
  test("Romans 12:1-2 gets Henry on 12:1-2, never his text on 12:8", () => {
    const asked = ranges("Romans 12:1-2");
    const notes = placedNotes(asked, { sources: ["mhc"] });
    assert.ok(notes.length >= 3, `${notes.length} notes`);
    for (const note of notes) assert.ok(within(note, asked[0]!), `${note.label}: ${note.sentences[0]}`);
    const text = notes.flatMap((note) => note.sentences).join(" ");
    assert.match(text, /I beseech you, brethren/);
    assert.match(text, /renew/);
    assert.doesNotMatch(text, /cheerful|diakonian|He that giveth/, "Henry on 12:8 is not on 12:1-2");
    // Every note on 12:8 is placed there, and none of them comes back for 12:1-2.
    const onEight = placedNotes(ranges("Romans 12:8"), { sources: ["mhc"] });
    assert.ok(onEight.some((note) => note.sentences.some((sentence) => /cheerful/.test(sentence))));
    const onEightText = new Set(onEight.flatMap((note) => note.sentences));
    assert.ok(notes.every((note) => note.sentences.every((sentence) => !onEightText.has(sentence))));
  });

  test("Psalm 23:1 gets Spurgeon's exposition of verse 1, his quoted writers credited by name", () => {
    const notes = placedNotes(ranges("Psalm 23:1"), { sources: ["tdavid"] });
    const exposition = notes.find((note) => note.kind === "exposition")!;
    assert.equal(exposition.label, "Psalm 23:1");
    assert.equal(exposition.author, "C. H. Spurgeon");
    assert.match(exposition.sentences.join(" "), /What condescension is this/);
    const quotation = notes.find((note) => note.kind === "quotation")!;
    assert.notEqual(quotation.author, "C. H. Spurgeon");
    assert.ok(quotation.attribution.startsWith(quotation.author), quotation.attribution);
    assert.match(quotation.attribution, /quoted in C\. H\. Spurgeon, The Treasury of David$/);
    // "Whole Psalm" quotations are about the psalm, not about its first verse.
    const psalm = ranges("Psalm 23")[0]!;
    assert.ok(notes.every((note) => note.range.end - note.range.start < psalm.end - psalm.start));
    assert.ok(
      notes.every((note) => note.range.start === psalm.start),
      "every note is on verse 1",
    );
  });

  test("John 3:16 gets Henry's own text on 3:16, from his section on John 3:1-21", () => {
    const notes = placedNotes(ranges("John 3:16"), { sources: ["mhc"] });
    assert.equal(notes[0]!.label, "John 3:16");
    const section = flat(commentaryForRanges(ranges("John 3:16")).find((entry) => !entry.intro)!.text);
    assert.ok(notes.some((note) => note.sentences.some((sentence) => /God so loved the world/.test(sentence))));
    for (const note of notes) {
      for (const sentence of note.sentences) assert.ok(section.includes(sentence), `not Henry's words: ${sentence}`);
    }
  });

  test("narrowest first, and labels say Psalm, never Psalms", () => {
    const notes = placedNotes(ranges("Psalm 23"));
    const spans = notes.map((note) => note.range.end - note.range.start);
    assert.deepEqual(
      spans,
      [...spans].sort((a, b) => a - b),
    );
    assert.ok(
      notes.every((note) => /^Psalm 23(?::|$)/.test(note.label)),
      "Psalm 23 labels",
    );
    assert.ok(new Set(notes.map((note) => note.source)).size === 3, "all three sources speak on Psalm 23");
    assert.equal(placedNotes(ranges("Psalm 23"), { limit: 4 }).length, 4);
  });

  test("only whole sentences, in 200 chapters drawn at random (seeded)", () => {
    let seed = 28;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const chapters = books.flatMap((book) => book.verses.map((count, index) => ({ book, chapter: index + 1, count })));
    let sentences = 0;
    const problems: string[] = [];
    for (let draw = 0; draw < 200; draw++) {
      const { book, chapter, count } = chapters[Math.floor(random() * chapters.length)]!;
      const asked = { start: verseId(book.order, chapter, 1), end: verseId(book.order, chapter, count) };
      for (const note of placedNotes([asked])) {
        if (/\bPsalms \d/.test(note.label)) problems.push(`${note.label}: label`);
        note.sentences.forEach((sentence, index) => {
          sentences += 1;
          const problem = fragmentProblem(sentence);
          if (problem) problems.push(`${note.label} (${note.source}): ${problem}: ${sentence.slice(0, 120)}`);
          if (
            index === 0 &&
            /^(?:(?:This|That) (?:is|was|[a-z]+eth)\b|(?:It|They|He|But|And|Which|Thus|Hence|Here)\b)/.test(sentence)
          ) {
            problems.push(`${note.label} (${note.source}): opens mid-thought: ${sentence.slice(0, 120)}`);
          }
        });
      }
    }
    assert.ok(sentences > 5000, `${sentences} sentences read`);
    assert.deepEqual(problems.slice(0, 10), []);
  });

  test("chapter introductions: Henry's, the Concise outline with its verses, Spurgeon's overview", () => {
    const romans = chapterIntroductions("ROM", 12);
    assert.deepEqual(
      romans.map((intro) => intro.source),
      ["mhc", "mhcc"],
    );
    assert.match(romans[0]!.sentences[0]!, /^The apostle, having at large cleared/);
    const outline = romans[1]!.outline!;
    assert.equal(outline[0]!.text, "Believers are to dedicate themselves to God.");
    assert.deepEqual(outline[0]!.range, ranges("Romans 12:1-2")[0]);
    const psalm = chapterIntroductions("PSA", 23).find((intro) => intro.source === "tdavid")!;
    assert.equal(psalm.author, "C. H. Spurgeon");
    assert.ok(psalm.sentences.length > 0);
    assert.deepEqual(chapterIntroductions("ROM", 17), []);
  });

  test("an outline written on one line is read into its parts: Isaiah 40:27-31 is 'Against unbelief'", () => {
    const outline = chapterIntroductions("ISA", 40).find((intro) => intro.source === "mhcc")!.outline!;
    assert.deepEqual(
      outline.map((line) => line.text),
      [
        "The preaching of the gospel, and glad tidings of the coming of Christ.",
        "The almighty power of God.",
        "The folly of idolatry.",
        "Against unbelief.",
      ],
    );
    assert.deepEqual(outline[3]!.range, ranges("Isaiah 40:27-31")[0]);
    const ecclesiastes = chapterIntroductions("ECC", 3).find((intro) => intro.source === "mhcc")!.outline!;
    assert.deepEqual(ecclesiastes[1]!.range, ranges("Ecclesiastes 3:11-15")[0]);
  });

  test("a sentence shaped as a heading opens no note (Psalm 42:1-2)", () => {
    const sentences = placedNotes(ranges("Psalm 42:1-2")).flatMap((note) => note.sentences);
    assert.ok(sentences.length > 10);
    assert.ok(!sentences.some((sentence) => /^What is the (?:degree|object) of/.test(sentence)));
    // What leaned on the heading ("It is very importunate") goes with it.
    const openers = placedNotes(ranges("Psalm 42:1-2")).map((note) => note.sentences[0]!);
    assert.ok(!openers.some((sentence) => /^It is very importunate/.test(sentence)));
  });
});

describe("word studies from the KJV with Strong's numbers", () => {
  test("John 3:16 studies agapao and the passage's rarer words, not its particles", () => {
    const studies = wordStudies(ranges("John 3:16"), 8);
    const ids = studies.map((study) => study.strongs);
    assert.ok(ids.includes("G25") || ids.includes("G26"), ids.join(" "));
    assert.ok(ids.includes("G3439"), "only begotten");
    const love = studies.find((study) => study.strongs === "G25")!;
    assert.equal(love.lemma, "ἀγαπάω");
    assert.deepEqual(love.english, ["loved"]);
    assert.deepEqual(
      love.verses,
      ranges("John 3:16").map((range) => range.start),
    );
    assert.ok(love.occurrences > 100);
    for (const particle of ["G3588", "G2532", "G1063", "G3779", "G846", "G2316"]) assert.ok(!ids.includes(particle));
  });

  test("Psalm 23:1 studies the shepherd; never the object marker et", () => {
    const ids = wordStudies(ranges("Psalm 23:1")).map((study) => study.strongs);
    assert.ok(ids.includes("H7462"), ids.join(" "));
    assert.ok(!ids.includes("H3068"), "the LORD is too common to study");
    assert.ok(!wordStudies(ranges("Genesis 1")).some((study) => study.strongs === "H853"));
  });

  test("the words that carry Ecclesiastes 3:1-15: 'time' (in nine verses) and the key verse's 'beautiful', not 'now/already'", () => {
    const keyVerse = ranges("Ecclesiastes 3:11")[0]!.start;
    const ids = wordStudies(ranges("Ecclesiastes 3:1-15"), 5, { keyVerse }).map((study) => study.strongs);
    assert.equal(ids[0], "H6256", ids.join(" "));
    assert.ok(ids.includes("H3303"), ids.join(" "));
    // k-bar ("extent", rendered "now"/"already"), kanas and chabaq (said once, in one verse).
    for (const slight of ["H3528", "H3664", "H2263"]) assert.ok(!ids.includes(slight), ids.join(" "));
  });

  test("at most two studies from one verse, and no pronoun studied for 'things' (Philippians 4:4-9)", () => {
    const keyVerse = ranges("Philippians 4:6")[0]!.start;
    const studies = wordStudies(ranges("Philippians 4:4-9"), 5, { keyVerse });
    const onlyIn = (verse: number) => studies.filter((study) => study.verses.length === 1 && study.verses[0] === verse);
    assert.ok(onlyIn(keyVerse).length <= 2, studies.map((study) => study.strongs).join(" "));
    for (const pronoun of ["G5023", "G3745"]) assert.ok(!studies.some((study) => study.strongs === pronoun));
  });

  test("names are not word studies", () => {
    const ids = wordStudies(ranges("Ruth 1"), 10).map((study) => study.strongs);
    for (const name of ["H5281", "H6204", "H7327", "H458"]) assert.ok(!ids.includes(name), ids.join(" "));
  });
});
