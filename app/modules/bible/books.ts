import booksJson from "#db/bible-data/books.json";

export interface BibleBook {
  /** USFM id: GEN … REV */
  id: string;
  /** OSIS id, as the reference parser names books: Gen, Ps, 1Cor */
  osis: string;
  /** 1-66, canonical order */
  order: number;
  name: string;
  testament: "OT" | "NT";
  chapters: number;
  /** verses[c - 1] is the number of verses in chapter c (KJV versification) */
  verses: number[];
  abbreviations: string[];
}

export const books: BibleBook[] = booksJson as BibleBook[];

const byId = new Map(books.map((book) => [book.id, book]));
const byOsis = new Map(books.map((book) => [book.osis, book]));
const byOrder = new Map(books.map((book) => [book.order, book]));

export function bookById(id: string) {
  return byId.get(id);
}

export function bookByOsis(osis: string) {
  return byOsis.get(osis);
}

export function bookByOrder(order: number) {
  return byOrder.get(order);
}

/**
 * A verse as one sortable integer: book order * 1,000,000 + chapter * 1,000 + verse.
 * Ranges of verses are then plain integer ranges, also across chapters.
 */
export type VerseId = number;

export function verseId(bookOrder: number, chapter: number, verse: number): VerseId {
  return bookOrder * 1_000_000 + chapter * 1000 + verse;
}

export function splitVerseId(id: VerseId) {
  return {
    bookOrder: Math.floor(id / 1_000_000),
    chapter: Math.floor((id % 1_000_000) / 1000),
    verse: id % 1000,
  };
}

export function chapterVerseCount(book: BibleBook, chapter: number) {
  return book.verses[chapter - 1] ?? 0;
}

/** Parses the data files' reference format: "JHN.3.16", "JHN.1.1-JHN.1.3", "EXO.32". */
export function parseDataReference(reference: string): { start: VerseId; end: VerseId } | null {
  const [from, to] = reference.split("-");
  const start = parseDataPoint(from!, "start");
  const end = parseDataPoint(to ?? from!, "end");
  if (!start || !end || end < start) return null;
  return { start, end };
}

function parseDataPoint(point: string, edge: "start" | "end"): VerseId | null {
  const [bookCode, chapterText, verseText] = point.split(".");
  const book = bookById(bookCode ?? "");
  const chapter = Number(chapterText);
  if (!book || !Number.isInteger(chapter) || chapter < 1 || chapter > book.chapters) return null;
  const count = chapterVerseCount(book, chapter);
  const verse = verseText === undefined ? (edge === "start" ? 1 : count) : Number(verseText);
  if (!Number.isInteger(verse) || verse < 1 || verse > count) return null;
  return verseId(book.order, chapter, verse);
}
