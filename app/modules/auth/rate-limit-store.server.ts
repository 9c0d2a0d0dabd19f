import { getDb, preparedStatements } from "~/db.server";

/**
 * Limiter counters live in the database (table rate_limits), so every process serving the same
 * file sees the same counts and a restart forgets nothing. Each check-and-count is one short
 * synchronous IMMEDIATE transaction: it takes the write lock before reading, so two processes
 * cannot both read "4 failures" and both let a fifth guess through.
 */
export interface LimitRow {
  count: number;
  windowStart: number;
  blockedUntil: number | null;
  /** After this the row counts for nothing and may be swept. */
  expiresAt: number;
}

/** Expired rows are deleted once every this many writes (per process), which bounds the table. */
export const SWEEP_EVERY_WRITES = 100;

const statements = preparedStatements({
  read: `select count, window_start as windowStart, blocked_until as blockedUntil, expires_at as expiresAt
           from rate_limits where bucket = ? and key = ? and expires_at > ?`,
  write: `insert into rate_limits (bucket, key, count, window_start, blocked_until, expires_at)
          values (?, ?, ?, ?, ?, ?)
          on conflict (bucket, key) do update set count = excluded.count,
            window_start = excluded.window_start, blocked_until = excluded.blocked_until,
            expires_at = excluded.expires_at`,
  clear: "delete from rate_limits where bucket = ? and key = ?",
  held: `select bucket, key, count, blocked_until as blockedUntil from rate_limits
           where bucket in (select value from json_each(?)) and blocked_until > ?
           order by blocked_until desc limit ?`,
  sweep: "delete from rate_limits where expires_at <= ?",
});

let writesSinceSweep = 0;

/** The live row for a key, or undefined when there is none or it has expired. */
export function readLimit(bucket: string, key: string, now: number): LimitRow | undefined {
  return statements().read.get(bucket, key, now) as LimitRow | undefined;
}

export function writeLimit(bucket: string, key: string, row: LimitRow) {
  statements().write.run(bucket, key, row.count, row.windowStart, row.blockedUntil, row.expiresAt);
  writesSinceSweep += 1;
}

/** Whether a row was there to delete. */
export function clearLimit(bucket: string, key: string) {
  return statements().clear.run(bucket, key).changes > 0;
}

export interface HeldRow {
  bucket: string;
  key: string;
  count: number;
  blockedUntil: number;
}

/** Keys of these buckets held at `now`, the longest-held first, at most `limit` of them. */
export function listHeld(buckets: readonly string[], now: number, limit: number): HeldRow[] {
  return statements().held.all(JSON.stringify(buckets), now, limit) as HeldRow[];
}

export function sweepExpiredLimits(now = Date.now()) {
  writesSinceSweep = 0;
  return statements().sweep.run(now).changes;
}

/**
 * Runs `work` (synchronous: never await inside) in one IMMEDIATE transaction, then sweeps expired
 * rows if enough writes have gone by. What `work` throws rolls the transaction back.
 */
export function inLimitTransaction<T>(work: () => T, now = Date.now()): T {
  const result = getDb().$client.transaction(work).immediate();
  if (writesSinceSweep >= SWEEP_EVERY_WRITES) sweepExpiredLimits(now);
  return result;
}

/**
 * One more event in a fixed window that opens at the first event: once `max` events are counted
 * the key is blocked until the window closes.
 */
export function countInWindow(row: LimitRow | undefined, now: number, windowMs: number, max: number): LimitRow {
  const windowStart = row?.windowStart ?? now;
  const count = (row?.count ?? 0) + 1;
  const windowEnd = windowStart + windowMs;
  return { count, windowStart, blockedUntil: count >= max ? windowEnd : null, expiresAt: windowEnd };
}

/**
 * A token bucket of `size` events that refills completely in `refillMs` (one event back every
 * refillMs / size), kept as a generic cell rate: `expiresAt` is the moment the bucket is full
 * again, so a full bucket needs no row at all. `blockedUntil` is when the next event may come,
 * set only while the bucket is empty. `count` is the events since the bucket was last full.
 */
export function takeFromBucket(row: LimitRow | undefined, now: number, size: number, refillMs: number): LimitRow {
  const perEvent = Math.ceil(refillMs / size);
  const fullAt = Math.max(row?.expiresAt ?? now, now) + perEvent;
  return {
    count: (row?.count ?? 0) + 1,
    windowStart: row?.windowStart ?? now,
    blockedUntil: nextEventAt(fullAt, now, perEvent, size),
    expiresAt: fullAt,
  };
}

/** Puts one event back into a bucket; undefined when it is full again (its row can go). */
export function returnToBucket(row: LimitRow, now: number, size: number, refillMs: number): LimitRow | undefined {
  const perEvent = Math.ceil(refillMs / size);
  const fullAt = row.expiresAt - perEvent;
  if (fullAt <= now || row.count <= 1) return undefined;
  return { ...row, count: row.count - 1, blockedUntil: nextEventAt(fullAt, now, perEvent, size), expiresAt: fullAt };
}

/** The bucket holds one event again once it is `size - 1` events short of full. */
function nextEventAt(fullAt: number, now: number, perEvent: number, size: number) {
  const at = fullAt - (size - 1) * perEvent;
  return at > now ? at : null;
}
