import { bookById, books, chapterVerseCount, splitVerseId, verseId, type BibleBook } from "./books";
import { commentaryPanelFor, type CommentaryPanelData } from "./commentary.server";
import { crossReferencesFor } from "./crossrefs.server";
import { layOutVerses } from "./layout.server";
import type { LaidOutVerse } from "./layout";
import { topicsForRanges, type PassageTopic } from "./lexicon.server";
import { versesFor } from "./passages.server";
import { formatRanges, parseReference, type VerseRange } from "./references.server";
import { chapterStrongs, type TaggedWord } from "./strongs.server";
import { shippedTranslationNames, type ShippedTranslationCode } from "./translations";
import { NotFoundError, ValidationError } from "~/utils/errors";

export const readerTranslations = Object.keys(shippedTranslationNames) as ShippedTranslationCode[];

/** A translation code as a reader or a URL writes it ("bsb", "KJV"), or null. */
export function readerTranslation(code: string | null | undefined): ShippedTranslationCode | null {
  const upper = (code ?? "").trim().toUpperCase();
  return (readerTranslations as string[]).includes(upper) ? (upper as ShippedTranslationCode) : null;
}

/** A book by its USFM id ("JHN", "1co") or by a name or abbreviation a reader types ("John", "jn", "1 Cor"). */
export function findBook(text: string): BibleBook | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 40) return null;
  const byId = bookById(trimmed.toUpperCase());
  if (byId) return byId;
  // A name only ("1 Cor", "Song of Songs"): "jn 3" is a chapter, not a book.
  if (!/^(?:[1-3]|i{1,3})?\s*[a-z][a-z .']*$/i.test(trimmed)) return null;
  // The reference parser knows every common name and abbreviation: ask it for the book's first chapter.
  const parsed = parseReference(`${trimmed} 1`);
  if (!parsed.ok) return null;
  const order = Math.floor(parsed.ranges[0]!.start / 1_000_000);
  return books.find((book) => book.order === order) ?? null;
}

export interface ChapterPlace {
  book: BibleBook;
  chapter: number;
}

/** The place a typed reference points at ("jn 3", "John 3:16", "ps 23"): its book, chapter and first verse. */
export function placeOfReference(text: string): ChapterPlace & { verse?: number } {
  const trimmed = text.trim();
  // A book's name alone opens its first chapter.
  const book = findBook(trimmed);
  if (book) return { book, chapter: 1 };
  const parsed = parseReference(trimmed);
  if (!parsed.ok) throw new ValidationError(parsed.message);
  const start = parsed.ranges[0]!.start;
  const found = books.find((entry) => entry.order === Math.floor(start / 1_000_000))!;
  const chapter = Math.floor((start % 1_000_000) / 1000);
  const verse = start % 1000;
  // "John 3" names the chapter; "John 3:16" (and "Jude 5", in a book of one chapter) a verse in it.
  const namesVerse = /\d\s*[:.]\s*\d/.test(trimmed) || (found.chapters === 1 && verse > 1);
  return namesVerse ? { book: found, chapter, verse } : { book: found, chapter };
}

/** Checks a chapter exists: NotFoundError saying how many chapters the book has when it does not. */
export function chapterPlace(bookText: string, chapter: number): ChapterPlace {
  const book = findBook(bookText);
  if (!book) throw new NotFoundError(`There is no book called "${bookText.slice(0, 40)}" in the Bible.`);
  if (!Number.isInteger(chapter) || chapter < 1 || chapter > book.chapters) {
    throw new NotFoundError(
      `${book.name} ${chapter} does not exist: ${book.name} has ${book.chapters} chapter${book.chapters === 1 ? "" : "s"}.`,
    );
  }
  return { book, chapter };
}

/**
 * The reader's address for a place: "/bible/JHN/3?t=kjv&v=16#v16" (the translation left out when
 * it is the BSB, the reader's own default; the verse opened and scrolled to when there is one).
 */
export function readerHref(
  place: ChapterPlace & { verse?: number },
  translation?: ShippedTranslationCode | null,
): string {
  const params = new URLSearchParams();
  if (translation && translation !== "BSB") params.set("t", translation.toLowerCase());
  if (place.verse) params.set("v", String(place.verse));
  const search = params.toString();
  return `/bible/${place.book.id}/${place.chapter}${search ? `?${search}` : ""}${place.verse ? `#v${place.verse}` : ""}`;
}

/** "John 3", "Psalm 23" (one psalm, not "Psalms 23"), "Jude" (a book of one chapter). */
export function chapterTitle(book: BibleBook, chapter: number): string {
  if (book.chapters === 1) return book.name;
  return `${book.id === "PSA" ? "Psalm" : book.name} ${chapter}`;
}

export interface ChapterText {
  translation: ShippedTranslationCode;
  translationName: string;
  verses: Array<LaidOutVerse & { verse: number; text: string }>;
}

function chapterRange({ book, chapter }: ChapterPlace): VerseRange {
  return {
    start: verseId(book.order, chapter, 1),
    end: verseId(book.order, chapter, chapterVerseCount(book, chapter)),
  };
}

/** One chapter in one shipped translation, laid out in paragraphs and stanzas (verses it omits are left out). */
export function chapterText(place: ChapterPlace, translation: ShippedTranslationCode): ChapterText {
  const verses = versesFor([chapterRange(place)], translation)
    .filter((verse) => verse.text)
    .map(({ chapter, verse, text }) => ({ chapter, verse, text }));
  return {
    translation,
    translationName: shippedTranslationNames[translation],
    verses: layOutVerses(place.book.name, verses),
  };
}

/** The chapters before and after (across books; none before Genesis 1 or after Revelation 22). */
export function neighbourChapters({ book, chapter }: ChapterPlace): {
  previous: { bookId: string; title: string; chapter: number } | null;
  next: { bookId: string; title: string; chapter: number } | null;
} {
  const before = chapter > 1 ? { book, chapter: chapter - 1 } : books[book.order - 2];
  const after = chapter < book.chapters ? { book, chapter: chapter + 1 } : books[book.order];
  const describe = (target: ChapterPlace | BibleBook | undefined, last: boolean) => {
    if (!target) return null;
    const [book, chapter] = "book" in target ? [target.book, target.chapter] : [target, last ? target.chapters : 1];
    return { bookId: book.id, title: chapterTitle(book, chapter), chapter };
  };
  return { previous: describe(before, true), next: describe(after, false) };
}

function placeOfVerse(id: number): ChapterPlace & { verse: number } {
  const { bookOrder, chapter, verse } = splitVerseId(id);
  return { book: books.find((book) => book.order === bookOrder)!, chapter, verse };
}

export interface VerseStudy {
  verse: number;
  reference: string;
  /** The chapter's last verse: how far a passage begun here can run. */
  lastVerse: number;
  /** Each opens the reader at its first verse, in the translation being read. */
  crossReferences: Array<{ reference: string; text: string; href: string }>;
  topics: PassageTopic[];
}

/** What the reader shows beside a verse they tapped: its best cross-references with their text, and Nave's topics. */
export function verseStudy(place: ChapterPlace, verse: number, translation: ShippedTranslationCode): VerseStudy {
  const count = chapterVerseCount(place.book, place.chapter);
  if (!Number.isInteger(verse) || verse < 1 || verse > count) {
    throw new NotFoundError(`${place.book.name} ${place.chapter}:${verse} does not exist.`);
  }
  const id = verseId(place.book.order, place.chapter, verse);
  const range = { start: id, end: id };
  const crossReferences = crossReferencesFor([range], 8).map((entry) => ({
    reference: entry.reference,
    href: readerHref(placeOfVerse(entry.range.start), translation),
    text: versesFor([entry.range], translation)
      .map((target) => target.text)
      .filter(Boolean)
      .join(" ")
      .slice(0, 400),
  }));
  return {
    verse,
    reference: formatRanges([range]),
    lastVerse: count,
    crossReferences,
    topics: topicsForRanges([range], 6),
  };
}

/** The classic commentaries on the chapter, opening at the verse being read (else the chapter's most-linked verse). */
export function chapterCommentary(place: ChapterPlace, verse?: number): CommentaryPanelData | null {
  const range = chapterRange(place);
  const key = verse ? verseId(place.book.order, place.chapter, verse) : undefined;
  return commentaryPanelFor([range], key && key >= range.start && key <= range.end ? key : undefined);
}

/** The chapter's KJV words that carry Strong's numbers, by verse number (for word study in the reader). */
export function chapterWordTags(place: ChapterPlace): Record<number, TaggedWord[]> {
  const range = chapterRange(place);
  return chapterStrongs(range.start, range.end);
}
