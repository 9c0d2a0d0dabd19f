import { and, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { authors, books, libraryItems, type ContentType } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb } from "~/db.server";
import { countUserRows } from "~/user-rows.server";
import { ConflictError, NotFoundError } from "~/utils/errors";
import { afterCursor, toPage, type Page, type PageRequest } from "~/utils/pagination.server";
import type { ManualItemInput } from "./schemas";

/** A library content item as GET /api/sermons answers it (SPEC §3 libraryItems, with author and book). */
export interface LibraryItem {
  id: string;
  title: string;
  url: string | null;
  transcript: string;
  contentType: ContentType;
  source: string | null;
  sourceTitle: string | null;
  authorName: string | null;
  authorId: string | null;
  bookId: string | null;
  aiSummary: string | null;
  aiLearningBites: string[] | null;
  aiProvider: string | null;
  aiModel: string | null;
  createdAt: Date;
  author: { name: string } | null;
  book: { coverUrl: string | null; title: string; amazonUrl: string } | null;
}

/** A listed item: `transcript` may be only its start; `transcriptLength` is the whole one's (in characters). */
export interface LibraryListItem extends LibraryItem {
  transcriptLength: number;
}

const itemColumns = {
  id: libraryItems.id,
  title: libraryItems.title,
  url: libraryItems.url,
  transcript: libraryItems.transcript,
  contentType: libraryItems.contentType,
  source: libraryItems.source,
  sourceTitle: libraryItems.sourceTitle,
  authorName: libraryItems.authorName,
  authorId: libraryItems.authorId,
  bookId: libraryItems.bookId,
  aiSummary: libraryItems.aiSummary,
  aiLearningBites: libraryItems.aiLearningBites,
  aiProvider: libraryItems.aiProvider,
  aiModel: libraryItems.aiModel,
  createdAt: libraryItems.createdAt,
  joinedAuthorName: authors.name,
  bookTitle: books.title,
  bookCoverUrl: books.coverUrl,
  bookAmazonUrl: books.amazonUrl,
};

function toItem({ rowid: _rowid, transcriptLength: _length, ...row }: Row): LibraryItem {
  const { joinedAuthorName, bookTitle, bookCoverUrl, bookAmazonUrl, ...item } = row;
  return {
    ...item,
    aiLearningBites: Array.isArray(item.aiLearningBites) ? item.aiLearningBites : null,
    author: joinedAuthorName ? { name: joinedAuthorName } : null,
    book: bookTitle && bookAmazonUrl ? { coverUrl: bookCoverUrl, title: bookTitle, amazonUrl: bookAmazonUrl } : null,
  };
}

function itemsQuery(condition: SQL | undefined, transcriptLimit?: number) {
  const columns = {
    ...itemColumns,
    ...(transcriptLimit ? { transcript: sql<string>`substr(${libraryItems.transcript}, 1, ${transcriptLimit})` } : {}),
    transcriptLength: sql<number>`length(${libraryItems.transcript})`,
    rowid: sql<number>`${libraryItems}.rowid`,
  };
  return getDb()
    .select(columns)
    .from(libraryItems)
    .leftJoin(authors, eq(authors.id, libraryItems.authorId))
    .leftJoin(books, eq(books.id, libraryItems.bookId))
    .where(condition);
}

type Row = ReturnType<ReturnType<typeof itemsQuery>["all"]>[number];

/**
 * A page of the user's content, newest first, author and book joined in the same query. With
 * `transcriptLimit`, only the start of each transcript is sent (the library page shows 200
 * characters, the API an excerpt).
 */
export function listLibraryItems(
  userId: string,
  { limit, cursor, transcriptLimit, filter }: PageRequest & { transcriptLimit?: number; filter?: LibraryItemFilter },
): Page<LibraryListItem> {
  const rows = itemsQuery(
    and(
      eq(libraryItems.userId, userId),
      filterCondition(filter),
      afterCursor(cursor, libraryItems.createdAt, sql`${libraryItems}.rowid`),
    ),
    transcriptLimit,
  )
    .orderBy(desc(libraryItems.createdAt), desc(sql`${libraryItems}.rowid`))
    .limit(limit + 1)
    .all();
  return toPage(rows, limit, (row) => ({ ...toItem(row), transcriptLength: row.transcriptLength }));
}

/** My Library's search: words in the title, summary, author or source, and one kind of content. */
export interface LibraryItemFilter {
  query?: string;
  contentType?: ContentType;
}

function filterCondition(filter: LibraryItemFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  const conditions: SQL[] = [];
  if (filter.contentType) conditions.push(eq(libraryItems.contentType, filter.contentType));
  const query = filter.query?.trim();
  if (query) {
    // LIKE's own wildcards in the reader's text are matched as themselves.
    const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const like = (column: SQL | typeof libraryItems.title) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(
      sql`(${like(libraryItems.title)} or ${like(sql`coalesce(${libraryItems.aiSummary}, '')`)} or ${like(
        sql`coalesce(${libraryItems.authorName}, '')`,
      )} or ${like(sql`coalesce(${libraryItems.sourceTitle}, '')`)})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** How many content items the user has (read from the index alone), or how many match a search. */
export function countLibraryItems(userId: string, filter?: LibraryItemFilter): number {
  if (!filter?.contentType && !filter?.query?.trim()) return countUserRows(libraryItems, userId);
  return (
    getDb()
      .select({ count: sql<number>`count(*)` })
      .from(libraryItems)
      .where(and(eq(libraryItems.userId, userId), filterCondition(filter)))
      .get()?.count ?? 0
  );
}

/** One more item would pass MAX_ITEMS_PER_USER: a 409 the pages and the API show as it is. */
export function assertRoomForLibraryItem(userId: string): void {
  const max = getConfig().MAX_ITEMS_PER_USER;
  if (countLibraryItems(userId) >= max) {
    throw new ConflictError(`You have reached the limit of ${max} items in your library. Delete some to add more.`);
  }
}

/** One of the user's items; another user's id is not found. */
export function getLibraryItem(userId: string, id: string): LibraryItem {
  const row = itemsQuery(and(eq(libraryItems.userId, userId), eq(libraryItems.id, id))).get();
  if (!row) throw new NotFoundError("Content not found");
  return toItem(row);
}

export interface NewLibraryItem {
  title: string;
  transcript: string;
  contentType: ContentType;
  url?: string | null;
  source?: string | null;
  sourceTitle?: string | null;
  authorName?: string | null;
  aiSummary?: string | null;
  aiLearningBites?: string[] | null;
  aiProvider?: string | null;
  aiModel?: string | null;
  book?: { title: string; asin: string; amazonUrl: string; coverUrl?: string | null } | null;
}

type Db = ReturnType<typeof getDb>;

/** The user's author of that name (any case), created when new. Runs inside the caller's transaction. */
function authorIdFor(db: Db, userId: string, name: string): string {
  const existing = db
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.userId, userId), sql`lower(${authors.name}) = lower(${name})`))
    .get();
  if (existing) return existing.id;
  return db.insert(authors).values({ userId, name }).returning({ id: authors.id }).get().id;
}

/**
 * The user's book of that title and author (any case), else a new row: a second excerpt from a
 * book looked up before shares its row. A cover found now fills one that was missing.
 */
function bookIdFor(
  db: Db,
  userId: string,
  authorId: string | null,
  authorName: string | null,
  book: NonNullable<NewLibraryItem["book"]>,
): string {
  const existing = db
    .select({ id: books.id, coverUrl: books.coverUrl })
    .from(books)
    .where(
      and(
        eq(books.userId, userId),
        sql`lower(${books.title}) = lower(${book.title})`,
        authorName ? sql`lower(${books.authorName}) = lower(${authorName})` : isNull(books.authorName),
      ),
    )
    .get();
  if (existing) {
    if (!existing.coverUrl && book.coverUrl) {
      db.update(books).set({ coverUrl: book.coverUrl }).where(eq(books.id, existing.id)).run();
    }
    return existing.id;
  }
  return db
    .insert(books)
    .values({
      userId,
      authorId,
      asin: book.asin,
      title: book.title,
      authorName,
      coverUrl: book.coverUrl ?? null,
      amazonUrl: book.amazonUrl,
    })
    .returning({ id: books.id })
    .get().id;
}

/**
 * Writes one content item with its author (reused by name) and book, all or nothing. Callers do
 * every slow or failing step (fetching, AI) first, so nothing half-done is ever saved.
 */
export function insertLibraryItem(userId: string, item: NewLibraryItem): LibraryItem {
  const db = getDb();
  const id = db.transaction(
    (tx) => {
      // Checked where the row is written too: processing a URL checks first, then may take a minute.
      assertRoomForLibraryItem(userId);
      const authorName = item.authorName?.trim() || null;
      const authorId = authorName ? authorIdFor(tx as unknown as Db, userId, authorName) : null;
      const bookId = item.book ? bookIdFor(tx as unknown as Db, userId, authorId, authorName, item.book) : null;
      return tx
        .insert(libraryItems)
        .values({
          userId,
          authorId,
          bookId,
          title: item.title,
          url: item.url ?? null,
          transcript: item.transcript,
          contentType: item.contentType,
          source: item.source ?? null,
          sourceTitle: item.sourceTitle ?? null,
          authorName,
          aiSummary: item.aiSummary ?? null,
          aiLearningBites: item.aiLearningBites ?? null,
          aiProvider: item.aiProvider ?? null,
          aiModel: item.aiModel ?? null,
        })
        .returning({ id: libraryItems.id })
        .get().id;
    },
    { behavior: "immediate" },
  );
  return getLibraryItem(userId, id);
}

function isWebUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The 10-character ASIN in an Amazon product link (/dp/ASIN or /gp/product/ASIN). */
export function asinFromUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/asin)\/([A-Z0-9]{10})(?:[/?]|$)/i.exec(value)?.[1]?.toUpperCase();
}

/** A book's ISBN-10 (which is also its ASIN): the one given, or the one inside a 978 ISBN-13. */
export function isbn10(isbn: string | undefined): string | undefined {
  if (!isbn) return undefined;
  if (isbn.length === 10) return isbn;
  if (!isbn.startsWith("978")) return undefined;
  const body = isbn.slice(3, 12);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return body + (check === 10 ? "X" : String(check));
}

/** The store page for a book: the link given, else the ASIN's Amazon page, else a store search. */
export function bookStoreUrl({
  storeUrl,
  asin,
  bookTitle,
  author,
}: {
  storeUrl?: string;
  asin?: string;
  bookTitle: string;
  author?: string;
}) {
  if (storeUrl) return storeUrl;
  if (asin) return `https://www.amazon.com/dp/${asin}`;
  const query = [bookTitle, author].filter(Boolean).join(" ");
  return `https://www.amazon.com/s?k=${encodeURIComponent(query)}&i=stripbooks`;
}

function defaultTitle(input: ManualItemInput) {
  if (input.contentType === "book" && input.bookTitle) return `Excerpt from ${input.bookTitle}`;
  if (input.author) return `Quote by ${input.author}`;
  const firstWords = input.text.replace(/\s+/g, " ").slice(0, 60);
  return input.text.length > 60 ? `${firstWords.replace(/\s+\S*$/, "")}...` : firstWords;
}

/** A quote or a book excerpt the user typed in (nothing else creates those kinds). */
export function addManualLibraryItem(userId: string, input: ManualItemInput): LibraryItem {
  const sourceIsUrl = input.source ? isWebUrl(input.source) : false;
  const asin = input.asin ?? isbn10(input.isbn) ?? asinFromUrl(input.storeUrl);
  return insertLibraryItem(userId, {
    title: input.title ?? defaultTitle(input),
    transcript: input.text,
    contentType: input.contentType,
    source: sourceIsUrl ? input.source : null,
    sourceTitle: sourceIsUrl ? null : (input.source ?? null),
    authorName: input.author ?? null,
    book: input.bookTitle
      ? {
          title: input.bookTitle,
          asin: asin ?? "",
          amazonUrl: bookStoreUrl({ storeUrl: input.storeUrl, asin, bookTitle: input.bookTitle, author: input.author }),
          coverUrl: input.coverUrl ?? null,
        }
      : null,
  });
}

/** Deletes one of the user's items (and its book when no other item uses it). */
export function deleteLibraryItem(userId: string, id: string): void {
  const db = getDb();
  db.transaction(
    (tx) => {
      const item = tx
        .select({ bookId: libraryItems.bookId })
        .from(libraryItems)
        .where(and(eq(libraryItems.userId, userId), eq(libraryItems.id, id)))
        .get();
      if (!item) throw new NotFoundError("Content not found");
      tx.delete(libraryItems).where(eq(libraryItems.id, id)).run();
      if (item.bookId) {
        const stillUsed = tx
          .select({ id: libraryItems.id })
          .from(libraryItems)
          .where(and(eq(libraryItems.bookId, item.bookId), ne(libraryItems.id, id)))
          .get();
        if (!stillUsed)
          tx.delete(books)
            .where(and(eq(books.id, item.bookId), eq(books.userId, userId)))
            .run();
      }
    },
    { behavior: "immediate" },
  );
}
