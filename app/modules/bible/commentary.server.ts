import zlib from "node:zlib";
import { NotFoundError, ValidationError } from "~/utils/errors";
import { getBibleDb } from "./bible-db.server";
import { bookByOrder, splitVerseId, type VerseId } from "./books";
import { parseReference, type VerseRange } from "./references.server";
import { searchTerms } from "./search.server";

/** The credit every quotation and panel carries. */
export const COMMENTARY_SOURCE = "Matthew Henry, Commentary on the Whole Bible (1706-1721), public domain";
export const COMMENTARY_AUTHOR = "Matthew Henry";

/** A reference as long as a book would otherwise answer with megabytes: the first sections suffice. */
export const MAX_COMMENTARY_SECTIONS = 24;

export interface CommentarySection {
  /** The verses it expounds: "John 3:1-21"; a chapter's introduction is named by its chapter: "John 3". */
  reference: string;
  text: string;
  range: VerseRange;
  /** True for a chapter's introduction (Henry's summary of the chapter before its sections). */
  intro: boolean;
}

interface Row {
  id: number;
  position: number;
  start: number;
  end: number;
  reference: string;
  /** Deflated (see bible-db.server.ts). */
  text: Buffer;
}

function toSection(row: Row): CommentarySection {
  return {
    reference: row.reference,
    text: zlib.inflateRawSync(row.text).toString("utf8"),
    range: { start: row.start, end: row.end },
    intro: row.position === 0,
  };
}

/**
 * Every introduction and section that covers some verse of the ranges, in Bible order (each
 * chapter's introduction before its sections), without repeats.
 */
export function commentaryForRanges(ranges: VerseRange[]): CommentarySection[] {
  const statement = getBibleDb().prepare(
    `select id, position, start, end, reference, text from commentary
      where book = ? and chapter between ? and ? and start <= ? and end >= ?
      order by chapter, position`,
  );
  const seen = new Set<number>();
  const found: Row[] = [];
  for (const range of ranges) {
    const from = splitVerseId(range.start);
    const to = splitVerseId(range.end);
    for (let book = from.bookOrder; book <= to.bookOrder; book++) {
      const firstChapter = book === from.bookOrder ? from.chapter : 1;
      const lastChapter = book === to.bookOrder ? to.chapter : (bookByOrder(book)?.chapters ?? 0);
      for (const row of statement.all(book, firstChapter, lastChapter, range.end, range.start) as Row[]) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        found.push(row);
        if (found.filter((entry) => entry.position > 0).length >= MAX_COMMENTARY_SECTIONS) return found.map(toSection);
      }
    }
  }
  return found.map(toSection);
}

export interface Commentary {
  /** The reference asked for, written canonically: "John 3:16". */
  reference: string;
  source: string;
  /** The introductions of the chapters concerned. */
  introductions: Array<{ reference: string; text: string }>;
  /** The sections that expound the reference's verses. */
  sections: Array<{ reference: string; text: string }>;
}

/**
 * Matthew Henry on a reference typed by a user ("John 3:16", "Ps 23"): the sections that cover
 * it. A reference that does not parse is a ValidationError; one nothing covers, a NotFoundError.
 */
export function commentaryFor(reference: string): Commentary {
  const parsed = parseReference(reference);
  if (!parsed.ok) throw new ValidationError(parsed.message);
  const found = commentaryForRanges(parsed.ranges);
  const sections = found.filter((section) => !section.intro);
  if (sections.length === 0) throw new NotFoundError(`No commentary covers ${parsed.label}`);
  const plain = ({ reference, text }: CommentarySection) => ({ reference, text });
  return {
    reference: parsed.label,
    source: COMMENTARY_SOURCE,
    introductions: found.filter((section) => section.intro).map(plain),
    sections: sections.map(plain),
  };
}

/** Henry's paragraphs: the text separates them by a blank line. */
export function commentaryParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * The paragraph of a section that speaks of a verse: the first one naming it ("John 3:16" as
 * Henry writes inline), else the section's opening paragraph.
 */
export function paragraphOnVerse(section: CommentarySection, verse: VerseId): string {
  const paragraphs = commentaryParagraphs(section.text);
  const { bookOrder, chapter, verse: number } = splitVerseId(verse);
  const book = bookByOrder(bookOrder);
  if (book) {
    const mention = new RegExp(`${book.name.replace(/s$/, "")}s? ${chapter}:(\\d+)(?:-(\\d+))?`, "g");
    for (const paragraph of paragraphs) {
      for (const match of paragraph.matchAll(mention)) {
        const from = Number(match[1]);
        const to = match[2] ? Number(match[2]) : from;
        if (number >= from && number <= to) return paragraph;
      }
    }
  }
  return paragraphs[0] ?? "";
}

export interface CommentaryPanelData {
  reference: string;
  source: string;
  intro: { reference: string; text: string } | null;
  section: { reference: string; text: string; excerpt: string } | null;
}

/**
 * What the Commentary panel shows for a passage: the chapter's introduction, then the section
 * covering the key verse (its paragraph on that verse as the excerpt, the whole section on demand).
 */
export function commentaryPanelFor(ranges: VerseRange[], keyVerse?: VerseId): CommentaryPanelData | null {
  if (ranges.length === 0) return null;
  const verse = keyVerse ?? ranges[0]!.start;
  const found = commentaryForRanges([{ start: verse, end: verse }]);
  const section = found.find((entry) => !entry.intro);
  const intro = found.find((entry) => entry.intro);
  if (!section && !intro) return null;
  return {
    reference: section?.reference ?? intro!.reference,
    source: COMMENTARY_SOURCE,
    intro: intro ? { reference: intro.reference, text: intro.text } : null,
    section: section
      ? { reference: section.reference, text: section.text, excerpt: paragraphOnVerse(section, verse) }
      : null,
  };
}

/**
 * The verse readers link most (its cross-reference votes) in the first range that has one: the
 * key verse a panel opens on when the caller names none.
 */
export function mostLinkedVerse(ranges: VerseRange[]): VerseId | undefined {
  const statement = getBibleDb().prepare(
    "select id from verse_weights where id between ? and ? order by weight desc, id limit 1",
  );
  for (const range of ranges) {
    const row = statement.get(range.start, range.end) as { id: number } | undefined;
    if (row) return row.id;
  }
  return ranges[0]?.start;
}

/** The panel for a reference as written ("Genesis 1-3"), on its most-linked verse; null when it does not parse. */
export function commentaryPanelForReference(reference: string): CommentaryPanelData | null {
  const parsed = parseReference(reference);
  if (!parsed.ok) return null;
  return commentaryPanelFor(parsed.ranges, mostLinkedVerse(parsed.ranges));
}

/**
 * Full-text search over the commentary's sections (stemmed, every word of the query): the best
 * matches' references and verses.
 */
export function searchCommentary(query: string, limit = 10): Array<{ reference: string; range: VerseRange }> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const rows = getBibleDb()
    .prepare(
      `select c.reference as reference, c.start as start, c.end as end
         from commentary_fts join commentary c on c.id = commentary_fts.rowid
        where commentary_fts match ? and c.position > 0
        order by bm25(commentary_fts) limit ?`,
    )
    .all(terms.map((term) => `"${term}"`).join(" AND "), limit) as Array<{
    reference: string;
    start: number;
    end: number;
  }>;
  return rows.map((row) => ({ reference: row.reference, range: { start: row.start, end: row.end } }));
}
