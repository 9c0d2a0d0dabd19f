import { and, desc, eq, sql } from "drizzle-orm";
import { studies } from "#db/schema";
import { getDb } from "~/db.server";
import { chapterTitle, placeOfReference, readerHref, readerTranslation } from "~/modules/bible/reader.server";
import { searchTerms, searchVerses } from "~/modules/bible/search.server";
import type { ShippedTranslationCode } from "~/modules/bible/translations";
import { listLibraryItems } from "~/modules/library/items.server";
import { searchNotes } from "~/modules/notes/notes.server";
import { AppError, ValidationError } from "~/utils/errors";

export const SEARCH_SCOPES = ["all", "bible", "mine"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchResult {
  kind: "verse" | "lesson" | "library" | "note";
  /** A verse's reference ("John 3:16"), or the passage a note or bookmark is on. */
  reference?: string;
  /** A lesson's, a library item's or a note's id. */
  id?: string;
  title?: string;
  /** A note's or bookmark's first verse (USFM book id), where the reader opens it. */
  book?: string;
  chapter?: number;
  verse?: number;
  /** Plain text around the first match (the page marks the query's words in it). */
  snippet: string;
}

export interface SearchAnswer {
  results: SearchResult[];
  nextCursor: string | null;
  /** When the query is a reference ("jn 3", "Ps 23:1-4"): the reader's address for it. */
  goTo: string | null;
  terms: string[];
}

const MINE_PER_KIND = 5;
const SNIPPET = 160;

function encodeOffset(offset: number) {
  return Buffer.from(JSON.stringify(["v", offset])).toString("base64url");
}

function decodeOffset(cursor: string): number {
  const invalid = new ValidationError("cursor is not valid: use the X-Next-Cursor of the page before");
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) throw invalid;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(value) &&
      value[0] === "v" &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= 10_000
    )
      return value[1] as number;
  } catch {
    // Not ours.
  }
  throw invalid;
}

/** The text around the first of the words, on one line, without markdown's marks. */
export function snippetAround(text: string, terms: string[]): string {
  const plain = text
    .replace(/[#>*_`[\]]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const lower = plain.toLowerCase();
  const at = Math.min(...terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0), Infinity);
  if (!Number.isFinite(at) || plain.length <= SNIPPET)
    return plain.slice(0, SNIPPET) + (plain.length > SNIPPET ? "…" : "");
  const start = Math.max(0, at - 50);
  const from = start === 0 ? 0 : plain.indexOf(" ", start) + 1;
  const piece = plain.slice(from, from + SNIPPET);
  return `${from > 0 ? "…" : ""}${piece}${from + SNIPPET < plain.length ? "…" : ""}`;
}

/** A query that is a reference: where the reader opens it (a chapter, at the verse), else null. */
function referenceTarget(query: string, translation: ShippedTranslationCode) {
  // Only what reads like a reference: a number in it ("jn 3", "1 cor 13:4") or a whole book's name.
  try {
    const place = placeOfReference(query);
    if (!/\d/.test(query) && place.book.name.toLowerCase() !== query.trim().toLowerCase()) return null;
    return {
      href: readerHref(place, translation),
      title: place.verse
        ? `${chapterTitle(place.book, place.chapter)}:${place.verse}`
        : chapterTitle(place.book, place.chapter),
    };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function searchLessons(userId: string, terms: string[]): SearchResult[] {
  const conditions = terms.map((term) => {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`(${studies.title} like ${pattern} escape '\\' or ${studies.content} like ${pattern} escape '\\')`;
  });
  const rows = getDb()
    .select({ id: studies.id, title: studies.title, content: studies.content })
    .from(studies)
    .where(and(eq(studies.userId, userId), ...conditions))
    .orderBy(desc(studies.createdAt))
    .limit(MINE_PER_KIND)
    .all();
  return rows.map((row) => ({
    kind: "lesson",
    id: row.id,
    title: row.title,
    snippet: snippetAround(row.content, terms),
  }));
}

function searchLibrary(userId: string, query: string, terms: string[]): SearchResult[] {
  const { items } = listLibraryItems(userId, { limit: MINE_PER_KIND, transcriptLimit: 600, filter: { query } });
  return items.map((item) => ({
    kind: "library",
    id: item.id,
    title: item.title,
    snippet: snippetAround([item.aiSummary, item.transcript].filter(Boolean).join(" ") || item.title, terms),
  }));
}

/** The reader's notes (their text) and labelled bookmarks (their label) with every word. */
function searchOwnNotes(userId: string, terms: string[]): SearchResult[] {
  return searchNotes(userId, terms, MINE_PER_KIND).map((item) => ({
    kind: "note",
    id: item.id,
    reference: item.reference,
    title: item.kind === "note" ? `Note on ${item.reference}` : `Bookmark: ${item.label ?? item.reference}`,
    book: item.book,
    chapter: item.chapter,
    verse: item.verse,
    snippet: item.kind === "note" ? snippetAround(item.body ?? "", terms) : `${item.label ?? ""} (${item.reference})`,
  }));
}

/**
 * One search box for everything: a reference goes to the reader; words search the chosen Bible
 * (stemmed, every word, best first, paged by cursor) and, on the first page, the reader's own
 * lessons, library items, notes and bookmarks.
 */
export function searchEverything(
  userId: string,
  {
    query,
    scope = "all",
    translation: translationText,
    limit = 20,
    cursor,
  }: { query: string; scope?: SearchScope; translation?: string | null; limit?: number; cursor?: string | null },
): SearchAnswer {
  const translation = readerTranslation(translationText) ?? "BSB";
  const text = query.trim();
  const terms = searchTerms(text);
  const offset = cursor ? decodeOffset(cursor) : 0;
  const target = offset === 0 && scope !== "mine" ? referenceTarget(text, translation) : null;
  const results: SearchResult[] = [];
  let nextCursor: string | null = null;
  if (target) {
    results.push({ kind: "verse", reference: target.title, snippet: `Open ${target.title} in the reader` });
  }
  if (scope !== "mine" && terms.length > 0 && !target) {
    const verses = searchVerses(text, { limit: limit + 1, offset, translation });
    for (const verse of verses.slice(0, limit)) {
      results.push({ kind: "verse", reference: verse.reference, snippet: verse.text });
    }
    if (verses.length > limit) nextCursor = encodeOffset(offset + limit);
  }
  if (scope !== "bible" && offset === 0 && terms.length > 0) {
    results.push(
      ...searchLessons(userId, terms),
      ...searchLibrary(userId, text, terms),
      ...searchOwnNotes(userId, terms),
    );
  }
  return { results, nextCursor, goTo: target?.href ?? null, terms };
}
