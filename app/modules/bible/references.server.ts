import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as english from "bible-passage-reference-parser/esm/lang/en.js";
import { bookByOrder, bookByOsis, chapterVerseCount, splitVerseId, verseId, type VerseId } from "./books";

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

/** Every Bible reference in a text, valid or not ("John 30:1" is found and marked invalid). */
export function findReferences(text: string): FoundReference[] {
  parser ??= createParser();
  parser.parse(text);
  const found: FoundReference[] = [];
  for (const entity of parser.parsed_entities()) {
    const [start, end] = entity.indices as [number, number];
    const ranges = osisToRanges(entity.osis);
    const problem = (entity.entities as ParserEntity[] | undefined)?.map(problemOf).find(Boolean);
    const valid = ranges !== null && !problem;
    found.push({
      text: text.slice(start, end),
      start,
      end,
      ranges: valid ? ranges! : [],
      valid,
      label: valid ? formatRanges(ranges!) : text.slice(start, end),
      problem: valid ? undefined : (problem ?? "no such passage"),
    });
  }
  return found;
}

export type ParsedReference =
  | { ok: true; ranges: VerseRange[]; label: string }
  | { ok: false; message: string };

/**
 * Parses a reference typed by a user ("Jn 3:16", "Psalm 23", "Rom 8:28-39; 12:1-2"). When the text
 * is not a reference, or names a chapter or verse that does not exist, the result says why.
 */
export function parseReference(text: string): ParsedReference {
  const trimmed = text.trim();
  const notRecognized = {
    ok: false as const,
    message: `"${trimmed}" is not a Bible reference we recognize. Try a reference like "John 3:16-21" or "Psalm 23".`,
  };
  if (!trimmed) return notRecognized;
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
    const wholeChapters =
      from.verse === 1 && to.verse === chapterVerseCount(bookByOrder(to.bookOrder)!, to.chapter);
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
    parts.push(sameBook ? text : `${bookLabel(from.bookOrder, singleChapter)}${text ? ` ${text}` : ""}`);
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
