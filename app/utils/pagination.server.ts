import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { jsonResponse } from "~/utils/api.server";
import { ValidationError } from "~/utils/errors";

/** A list answers this many items unless ?limit= asks for another number up to MAX_PAGE_SIZE. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * Where the next page starts: just after the row with this creation time and rowid. Lists go newest
 * first with the rowid (insertion order) breaking ties: every SQLite index ends with the rowid, so
 * the (user_id, created_at) indexes give that order and the keyset range with no sorting.
 */
export interface Cursor {
  createdAt: number;
  rowid: number;
}

export interface PageRequest {
  limit: number;
  cursor?: Cursor;
}

export interface Page<T> {
  items: T[];
  /** The opaque cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

export function encodeCursor({ createdAt, rowid }: Cursor): string {
  return Buffer.from(JSON.stringify([createdAt, rowid])).toString("base64url");
}

const badCursor = () => new ValidationError("cursor is not valid: use the X-Next-Cursor of the page before");

export function decodeCursor(value: string): Cursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) throw badCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 2 ||
    !decoded.every((part) => Number.isSafeInteger(part) && part >= 0)
  ) {
    throw badCursor();
  }
  return { createdAt: decoded[0], rowid: decoded[1] };
}

/** `?limit=&cursor=` of a list request; anything but a whole number from 1 to 100, or a cursor we issued, is a 400. */
export function parsePageRequest(request: Request): PageRequest {
  const search = new URL(request.url).searchParams;
  const limitText = search.get("limit");
  const cursorText = search.get("cursor");
  let limit = DEFAULT_PAGE_SIZE;
  if (limitText !== null) {
    limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > MAX_PAGE_SIZE)
      throw new ValidationError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return cursorText === null ? { limit } : { limit, cursor: decodeCursor(cursorText) };
}

/** The keyset condition "after the cursor" in newest-first order; a row value, so the index range serves it. */
export function afterCursor(cursor: Cursor | undefined, createdAt: SQLWrapper, rowid: SQLWrapper): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${rowid}) < (${cursor.createdAt}, ${cursor.rowid})` : undefined;
}

/** Rows read with `limit + 1`: the extra row only says whether there is a next page. */
export function toPage<Row extends { createdAt: Date; rowid: number }, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): Page<Item> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt.getTime(), rowid: last.rowid }) : null,
  };
}

/**
 * A page as the JSON API answers it: the body stays the list SPEC §7 describes; the next page is
 * in X-Next-Cursor and a Link rel="next" header, both absent on the last page.
 */
export function pageResponse(request: Request, { items, nextCursor }: Page<unknown>, limit: number): Response {
  const headers = new Headers();
  if (nextCursor) {
    const url = new URL(request.url);
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("cursor", nextCursor);
    headers.set("x-next-cursor", nextCursor);
    headers.set("link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return jsonResponse(items, { headers });
}

/**
 * How many items a page lists from its "Show more" parameter (?users=50, ?content=100): whole
 * multiples grown by the page's own step, never fewer than one step, capped so a typed number cannot
 * ask for the whole table.
 */
export function shownCount(value: string | null, pageSize: number): number {
  const count = Number(value);
  return Number.isInteger(count) && count > pageSize ? Math.min(count, 100_000) : pageSize;
}
