import { LRUCache } from "lru-cache";
import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as english from "bible-passage-reference-parser/esm/lang/en.js";
import { bookByOrder, bookByOsis, books, chapterVerseCount, splitVerseId, verseId, type VerseId } from "./books";

export interface VerseRange {
  start: VerseId;
  end: VerseId;
}

export interface FoundReference {
  /** The text as written: "Rom 8:28-39" */
  text: string;
  /** Where it sits in the searched text. */
  start: number;
  end: number;
  /** The verses it names, empty when it names none that exist. */
  ranges: VerseRange[];
  /** False when it looks like a reference but names a chapter or verse that does not exist. */
  valid: boolean;
  /** Canonical label: "Romans 8:28-39" */
  label: string;
  /** Why an invalid reference is invalid: "John has 21 chapters". */
  problem?: string;
}

interface ParserPoint {
  b: string;
  c?: number;
  v?: number;
}

interface ParserEntity {
  start: ParserPoint;
  end: ParserPoint;
  valid?: { valid: boolean; messages?: Record<string, number | boolean> };
}

/** A reference the parser clamped ("John 3:30-99" to 3:36) is not a real one either. */
function problemOf(entity: ParserEntity): string | undefined {
  const messages = entity.valid?.messages ?? {};
  const book = bookByOsis(entity.start.b);
  const name = book?.name ?? entity.start.b;
  for (const [key, value] of Object.entries(messages)) {
    if (!key.endsWith("_not_exist")) continue;
    if (key.includes("chapter")) return `${name} has ${value} chapter${value === 1 ? "" : "s"}`;
    if (key.includes("verse")) {
      const chapter = key.startsWith("end") ? entity.end.c : entity.start.c;
      return `${name} ${chapter} has ${value} verses`;
    }
    return `${name} has no such passage`;
  }
  if (entity.valid && !entity.valid.valid) return `${name} has no such passage`;
  return undefined;
}

function createParser() {
  const parser = new bcv_parser(english);
  parser.set_options({
    osis_compaction_strategy: "bcv",
    consecutive_combination_strategy: "separate",
    sequence_combination_strategy: "separate",
    invalid_passage_strategy: "include",
    invalid_sequence_strategy: "include",
    book_alone_strategy: "ignore",
    book_sequence_strategy: "ignore",
    // "Jude 5", "Philemon 4": single-chapter books take a verse number directly.
    single_chapter_1_strategy: "verse",
    // Our data follows KJV versification.
    versification_system: "kjv",
  });
  return parser;
}

let parser: ReturnType<typeof createParser> | undefined;

function osisPoint(point: string, edge: "start" | "end"): VerseId | null {
  const [bookCode, chapterText, verseText] = point.split(".");
  const book = bookByOsis(bookCode ?? "");
  if (!book) return null;
  const chapter = chapterText === undefined ? (edge === "start" ? 1 : book.chapters) : Number(chapterText);
  if (!Number.isInteger(chapter) || chapter < 1 || chapter > book.chapters) return null;
  const count = chapterVerseCount(book, chapter);
  const verse = verseText === undefined ? (edge === "start" ? 1 : count) : Number(verseText);
  if (!Number.isInteger(verse) || verse < 1 || verse > count) return null;
  return verseId(book.order, chapter, verse);
}

function osisToRanges(osis: string): VerseRange[] | null {
  if (!osis) return null;
  const ranges: VerseRange[] = [];
  for (const part of osis.split(",")) {
    const [from, to] = part.split("-");
    const start = osisPoint(from!, "start");
    const end = osisPoint(to ?? from!, "end");
    if (start === null || end === null || end < start) return null;
    ranges.push({ start, end });
  }
  return ranges;
}

// Words that can stand before the last word of a book's name: "1 Cor", "Song of Solomon",
// "Second Kings", "The Gospel according to John".
const BOOK_PREFIX_WORDS = new Set([
  "1",
  "2",
  "3",
  "i",
  "ii",
  "iii",
  "1st",
  "2nd",
  "3rd",
  "first",
  "second",
  "third",
  "of",
  "song",
  "songs",
  "the",
  "book",
  "gospel",
  "according",
  "to",
  "st",
  "st.",
  "saint",
  "letter",
  "epistle",
  "paul's",
  "solomon",
]);

/**
 * The stretches of a text that can hold a reference: a number with a book's name just before it
 * ("(John 3:16)", "1 Cor 13", "Song of Solomon 2"), through the verses and sequences after it.
 */
export function referenceWindows(text: string): Array<{ start: number; end: number }> {
  const windows: Array<{ start: number; end: number }> = [];
  const candidate = /\p{L}\.?\s*\d+(?:(?:[\s:.,;\-–—]|and\s|ff?\b)*\d+)*(?:\s*ff?\b\.?)?/gu;
  for (const match of text.matchAll(candidate)) {
    // Reading back past the previous window cannot change anything (this one joins it), and
    // rereading it for every match is quadratic on "a1a1a1..." or "1 1 1 ...".
    const floor = windows.at(-1)?.end ?? 0;
    let start = match.index;
    while (start > floor && /[\p{L}\p{N}'’.]/u.test(text[start - 1]!)) start--;
    for (;;) {
      let wordEnd = start;
      while (wordEnd > floor && /[ \t]/.test(text[wordEnd - 1]!)) wordEnd--;
      if (wordEnd === start && start > 0 && !/\s/.test(text[start - 1]!)) break;
      let wordStart = wordEnd;
      while (wordStart > floor && /[\p{L}\p{N}'’.]/u.test(text[wordStart - 1]!)) wordStart--;
      if (wordStart === wordEnd || !BOOK_PREFIX_WORDS.has(text.slice(wordStart, wordEnd).toLowerCase())) break;
      start = wordStart;
    }
    if (start > 0 && text[start - 1] === "(") start--;
    let end = match.index + match[0].length;
    if (text[end] === ")") end++;
    const last = windows.at(-1);
    if (last && start <= last.end + 1) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

interface WindowEntity {
  start: number;
  end: number;
  ranges: VerseRange[] | null;
  problem?: string;
}

// Parsed windows by their text. Lessons repeat the same references ("(Romans 8:28)") over and
// over, and the parser costs about a third of a millisecond per reference it reads.
const windowCache = new LRUCache<string, WindowEntity[]>({ max: 20_000 });

// Joins windows for one parser run; a word the parser cannot read as a book or a number stops
// a reference or a sequence from running from one window into the next.
const WINDOW_SEPARATOR = "\n\nzzzz\n\n";

function parseWindows(parts: string[]): WindowEntity[][] {
  // Read before anything is added: adding may push out what this call found.
  const found = new Map<string, WindowEntity[]>();
  for (const part of parts) {
    const hit = windowCache.get(part);
    if (hit) found.set(part, hit);
  }
  const missing = [...new Set(parts.filter((part) => !found.has(part)))];
  if (missing.length > 0) {
    parser ??= createParser();
    const starts: number[] = [];
    let joined = "";
    for (const part of missing) {
      if (joined) joined += WINDOW_SEPARATOR;
      starts.push(joined.length);
      joined += part;
    }
    const results: WindowEntity[][] = missing.map(() => []);
    parser.parse(joined);
    for (const entity of parser.parsed_entities()) {
      const [joinedStart, joinedEnd] = entity.indices as [number, number];
      const index = starts.findLastIndex((start) => start <= joinedStart);
      const offset = starts[index]!;
      const problem = (entity.entities as ParserEntity[] | undefined)?.map(problemOf).find(Boolean);
      results[index]!.push({
        start: joinedStart - offset,
        end: Math.min(joinedEnd - offset, missing[index]!.length),
        ranges: osisToRanges(entity.osis),
        problem,
      });
    }
    missing.forEach((part, index) => {
      found.set(part, results[index]!);
      windowCache.set(part, results[index]!);
    });
  }
  return parts.map((part) => found.get(part)!);
}

/** Every Bible reference in a text, valid or not ("John 30:1" is found and marked invalid). */
export function findReferences(text: string): FoundReference[] {
  const windows = referenceWindows(text);
  const parsed = parseWindows(windows.map((window) => text.slice(window.start, window.end)));
  const found: FoundReference[] = [];
  windows.forEach((window, windowIndex) => {
    for (const entity of parsed[windowIndex]!) {
      const start = window.start + entity.start;
      const end = window.start + entity.end;
      const valid = entity.ranges !== null && !entity.problem;
      found.push({
        text: text.slice(start, end),
        start,
        end,
        ranges: valid ? entity.ranges! : [],
        valid,
        label: valid ? formatRanges(entity.ranges!) : text.slice(start, end),
        problem: valid ? undefined : (entity.problem ?? "no such passage"),
      });
    }
  });
  return found;
}

/** Longer than any reference a user types or a reading plan lists ("Rom 8:28-39; 12:1-2"). */
export const MAX_REFERENCE_TEXT = 300;

const nameKey = (name: string) => name.toLowerCase().replace(/[\s.]/g, "");

// The one-chapter books by every spelling they answer to: "Philemon", "Phlm", "2 John", "3Jn".
const oneChapterBooks = new Map(
  books
    .filter((book) => book.chapters === 1)
    .flatMap((book) => [book.name, book.id, book.osis, ...book.abbreviations].map((name) => [nameKey(name), book])),
);

/**
 * A one-chapter book named alone ("Philemon", "Jude") or with its chapter ("Philemon 1") is the
 * whole book. The parser reads "Philemon 1" as verse 1, as it should "Jude 5", and refuses a
 * bare book, which for these books is a passage a lesson can study.
 */
function wholeOneChapterBook(text: string): VerseRange | null {
  const match = /^(.*?)(?:\s+1)?$/.exec(text);
  const book = match ? oneChapterBooks.get(nameKey(match[1]!)) : undefined;
  if (!book) return null;
  return { start: verseId(book.order, 1, 1), end: verseId(book.order, 1, chapterVerseCount(book, 1)) };
}

export type ParsedReference = { ok: true; ranges: VerseRange[]; label: string } | { ok: false; message: string };

/**
 * Parses a reference typed by a user ("Jn 3:16", "Psalm 23", "Rom 8:28-39; 12:1-2"). When the text
 * is not a reference, or names a chapter or verse that does not exist, the result says why.
 */
export function parseReference(text: string): ParsedReference {
  const trimmed = text.trim();
  const notRecognized = {
    ok: false as const,
    message: `"${trimmed.slice(0, MAX_REFERENCE_TEXT)}" is not a Bible reference we recognize. Try a reference like "John 3:16-21" or "Psalm 23".`,
  };
  // The parser costs about 50 µs per character of reference-like text: a cap, not a timer.
  if (!trimmed || trimmed.length > MAX_REFERENCE_TEXT) return notRecognized;
  const wholeBook = wholeOneChapterBook(trimmed);
  if (wholeBook) return { ok: true, ranges: [wholeBook], label: formatRanges([wholeBook]) };
  const found = findReferences(trimmed);
  if (found.length === 0) return notRecognized;
  const invalid = found.find((reference) => !reference.valid);
  if (invalid) {
    return { ok: false, message: `${invalid.text.trim()} does not exist: ${invalid.problem}.` };
  }
  // The whole input must be references (and separators), not a sentence that happens to hold one.
  const leftover = found
    .reduceRight((rest, reference) => rest.slice(0, reference.start) + rest.slice(reference.end), trimmed)
    .replace(/\b(?:and|NKJV|NIV|ESV|KJV|BSB|WEB)\b|[\s,;.()]/gi, "");
  if (leftover.length > 0) return notRecognized;
  const ranges = found.flatMap((reference) => reference.ranges);
  return { ok: true, ranges, label: formatRanges(ranges) };
}

function bookLabel(bookOrder: number, singleChapter: boolean) {
  const book = bookByOrder(bookOrder)!;
  return book.id === "PSA" && singleChapter ? "Psalm" : book.name;
}

/** "John 3:16", "John 3:16-21", "Psalm 23", "Genesis 1:1-2:3", "Romans 8:28-39; 12:1-2". */
export function formatRanges(ranges: VerseRange[]): string {
  const parts: string[] = [];
  let previousBook = -1;
  for (const range of ranges) {
    const from = splitVerseId(range.start);
    const to = splitVerseId(range.end);
    const book = bookByOrder(from.bookOrder)!;
    const wholeChapters = from.verse === 1 && to.verse === chapterVerseCount(bookByOrder(to.bookOrder)!, to.chapter);
    let text: string;
    if (from.bookOrder !== to.bookOrder) {
      text = `${book.name} ${from.chapter}:${from.verse}-${bookByOrder(to.bookOrder)!.name} ${to.chapter}:${to.verse}`;
    } else if (wholeChapters && book.chapters > 1) {
      text = from.chapter === to.chapter ? `${from.chapter}` : `${from.chapter}-${to.chapter}`;
    } else if (from.chapter === to.chapter) {
      text = from.verse === to.verse ? `${from.chapter}:${from.verse}` : `${from.chapter}:${from.verse}-${to.verse}`;
    } else {
      text = `${from.chapter}:${from.verse}-${to.chapter}:${to.verse}`;
    }
    if (book.chapters === 1 && from.bookOrder === to.bookOrder) {
      text = wholeChapters ? "" : from.verse === to.verse ? `${from.verse}` : `${from.verse}-${to.verse}`;
    }
    const sameBook = from.bookOrder === previousBook && from.bookOrder === to.bookOrder;
    const singleChapter = from.chapter === to.chapter;
    // A range across two books names both already ("Genesis 50:26-Exodus 1:2").
    const crossesBooks = from.bookOrder !== to.bookOrder;
    parts.push(
      sameBook || crossesBooks ? text : `${bookLabel(from.bookOrder, singleChapter)}${text ? ` ${text}` : ""}`,
    );
    previousBook = to.bookOrder;
  }
  return parts.join("; ");
}

export function countVerses(ranges: VerseRange[]) {
  // Verse ids are not contiguous across chapters, so count through the chapters.
  let total = 0;
  for (const range of ranges) {
    const from = splitVerseId(range.start);
    const to = splitVerseId(range.end);
    for (let order = from.bookOrder; order <= to.bookOrder; order++) {
      const book = bookByOrder(order)!;
      const firstChapter = order === from.bookOrder ? from.chapter : 1;
      const lastChapter = order === to.bookOrder ? to.chapter : book.chapters;
      for (let chapter = firstChapter; chapter <= lastChapter; chapter++) {
        const firstVerse = order === from.bookOrder && chapter === from.chapter ? from.verse : 1;
        const lastVerse =
          order === to.bookOrder && chapter === to.chapter ? to.verse : chapterVerseCount(book, chapter);
        total += lastVerse - firstVerse + 1;
      }
    }
  }
  return total;
}
