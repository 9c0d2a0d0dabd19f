import { eq, lte } from "drizzle-orm";
import { z } from "zod";
import { bookSearchCache } from "#db/schema";
import { getConfig } from "~/config.server";
import { isReplica } from "~/db-role.server";
import { getDb } from "~/db.server";
import { guardedFetch } from "~/modules/content/fetch.server";
import { AppError } from "~/utils/errors";
import { BOOK_LOOKUP_UNAVAILABLE, type BookSearchAnswer, type BookSearchResult } from "./schemas";

const CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_RESULTS = 10;
/** Ten documents with only the fields asked for are a few kilobytes; a mirror gone wrong is cut here. */
const MAX_ANSWER_BYTES = 1024 * 1024;
// Links shown to readers point at the public site, whatever mirror the server asks.
const PUBLIC_SITE = "https://openlibrary.org";
const COVERS = "https://covers.openlibrary.org/b/id";

/** Open Library could not be asked (offline, slow, an error or an unreadable answer). */
export class BookLookupUnavailableError extends AppError {
  constructor() {
    super(BOOK_LOOKUP_UNAVAILABLE, 503);
  }
}

/** One spelling per search: trimmed, spaces collapsed, lower case; an ISBN loses its hyphens. */
export function normalizeBookQuery(query: string) {
  const text = query.trim().replace(/\s+/g, " ").toLowerCase();
  const compact = text.replace(/[\s-]/g, "");
  return /^(\d{9}[\dx]|\d{13})$/.test(compact) ? compact : text;
}

// The documented fields of a search.json document, each checked on its own so one odd document
// (a missing title, a number where a list belongs) is skipped instead of failing the search.
const documentSchema = z.object({
  title: z.string().trim().min(1),
  author_name: z.array(z.string()).optional().catch(undefined),
  cover_i: z.number().int().positive().optional().catch(undefined),
  isbn: z.array(z.string()).optional().catch(undefined),
  key: z
    .string()
    .regex(/^\/(works|books)\/OL\d+[WM]$/)
    .optional()
    .catch(undefined),
});
const answerSchema = z.object({ docs: z.array(z.unknown()) });
const cachedSchema = z.array(
  z.object({
    title: z.string(),
    authorName: z.string().nullable(),
    coverUrl: z.string().nullable(),
    storeUrl: z.string().nullable(),
    isbn: z.string().nullable(),
  }),
);

function clip(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The ISBN to show: a 13-digit one when the edition lists it, else the first valid one. */
function pickIsbn(isbns: string[] | undefined) {
  const valid = (isbns ?? [])
    .map((value) => value.replace(/[\s-]/g, "").toUpperCase())
    .filter((value) => /^(\d{9}[\dX]|\d{13})$/.test(value));
  return valid.find((value) => value.length === 13) ?? valid[0] ?? null;
}

export function toResults(body: unknown): BookSearchResult[] {
  const answer = answerSchema.parse(body);
  const results: BookSearchResult[] = [];
  for (const raw of answer.docs) {
    const doc = documentSchema.safeParse(raw);
    if (!doc.success) continue;
    const { title, author_name, cover_i, isbn, key } = doc.data;
    results.push({
      title: clip(title, 300),
      authorName: author_name?.[0] ? clip(author_name[0].trim(), 200) : null,
      coverUrl: cover_i ? `${COVERS}/${cover_i}-M.jpg` : null,
      storeUrl: key ? `${PUBLIC_SITE}${key}` : null,
      isbn: pickIsbn(isbn),
    });
    if (results.length >= MAX_RESULTS) break;
  }
  return results;
}

async function askOpenLibrary(query: string): Promise<BookSearchResult[]> {
  const config = getConfig();
  const base = new URL(config.OPEN_LIBRARY_URL);
  const url = new URL("search.json", base.href.endsWith("/") ? base : `${base.href}/`);
  url.searchParams.set("q", query);
  url.searchParams.set("fields", "title,author_name,cover_i,isbn,key");
  url.searchParams.set("limit", String(MAX_RESULTS));
  try {
    const answer = await guardedFetch(
      url,
      { headers: { accept: "application/json", "user-agent": "SagacityBites (book look-up)" } },
      {
        timeoutMs: config.BOOK_SEARCH_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        maxRedirects: 2,
        // The operator chose this address (a mirror on the church's network is fine); redirects elsewhere are checked.
        trustedOrigins: [base.origin],
      },
    );
    if (answer.status !== 200) throw new Error(`Open Library answered ${answer.status}`);
    return toResults(JSON.parse(answer.body.toString("utf8")));
  } catch (error) {
    console.warn(`Book look-up failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new BookLookupUnavailableError();
  }
}

/**
 * Books matching a title, author or ISBN, from Open Library's search API, each query cached for
 * seven days in book_search_cache (shared by everyone: a search holds nothing personal). A
 * read-only replica asks but does not cache.
 */
export async function searchBooks(query: string, now = Date.now()): Promise<BookSearchAnswer> {
  const key = normalizeBookQuery(query);
  const db = getDb();
  const hit = db.select().from(bookSearchCache).where(eq(bookSearchCache.searchQuery, key)).get();
  if (hit && hit.expiresAt.getTime() > now) {
    try {
      return { results: cachedSchema.parse(hit.results), cached: true };
    } catch {
      // A damaged row is asked again and overwritten.
    }
  }
  const results = await askOpenLibrary(key);
  if (!isReplica()) {
    const expiresAt = new Date(now + CACHE_TTL_MS);
    db.transaction((tx) => {
      tx.delete(bookSearchCache)
        .where(lte(bookSearchCache.expiresAt, new Date(now)))
        .run();
      tx.insert(bookSearchCache)
        .values({ searchQuery: key, results, createdAt: new Date(now), expiresAt })
        .onConflictDoUpdate({
          target: bookSearchCache.searchQuery,
          set: { results, createdAt: new Date(now), expiresAt },
        })
        .run();
    });
  }
  return { results, cached: false };
}
