import { randomUUID } from "node:crypto";
import { getDb } from "~/db.server";

/**
 * Leases in the database (tables `leases` and `running_generations`): what must hold across every
 * process serving the file. A lease is taken in one short IMMEDIATE transaction (the write lock
 * before the read, so two processes cannot both see a key free) and renewed while its work runs;
 * a process killed mid-work stops renewing, and its lease expires rather than blocking for ever.
 */

/** How long a lease lives without renewal; the holder renews it every third of that. */
export const LEASE_TTL_MS = 30_000;

export interface Lease {
  /** Stops renewing and deletes the row (only if still ours). */
  release: () => void;
}

function renewing(renew: () => void, remove: () => void, ttlMs: number): Lease {
  const timer = setInterval(() => {
    try {
      renew();
    } catch (error) {
      console.error(`Renewing a lease failed: ${String(error)}`);
    }
  }, ttlMs / 3);
  timer.unref();
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      clearInterval(timer);
      remove();
    },
  };
}

/**
 * Takes the lease on `key` if no live one exists (an expired one is taken over). Undefined when
 * another holder has it.
 */
export function tryLease(key: string, { ttlMs = LEASE_TTL_MS, now = Date.now } = {}): Lease | undefined {
  const sqlite = getDb().$client;
  const owner = `${process.pid}:${randomUUID()}`;
  const taken = sqlite
    .transaction(() => {
      sqlite.prepare("delete from leases where key = ? and expires_at <= ?").run(key, now());
      return sqlite
        .prepare("insert into leases (key, owner, expires_at) values (?, ?, ?) on conflict (key) do nothing")
        .run(key, owner, now() + ttlMs).changes;
    })
    .immediate();
  if (taken === 0) return undefined;
  return renewing(
    () => sqlite.prepare("update leases set expires_at = ? where key = ? and owner = ?").run(now() + ttlMs, key, owner),
    () => sqlite.prepare("delete from leases where key = ? and owner = ?").run(key, owner),
    ttlMs,
  );
}

/** "live": someone is working on `key`; "expired": its holder stopped renewing (died); "none": released. */
export function leaseState(key: string, now = Date.now()): "live" | "expired" | "none" {
  const row = getDb().$client.prepare("select expires_at as expiresAt from leases where key = ?").get(key) as
    { expiresAt: number } | undefined;
  return !row ? "none" : row.expiresAt > now ? "live" : "expired";
}

/**
 * One of at most `max` slots for a user (e.g. study generations under way), counted across
 * processes; undefined when all are taken.
 */
export function tryUserSlot(
  userId: string,
  max: number,
  { ttlMs = LEASE_TTL_MS, now = Date.now } = {},
): Lease | undefined {
  const sqlite = getDb().$client;
  const id = randomUUID();
  const taken = sqlite
    .transaction(() => {
      sqlite.prepare("delete from running_generations where user_id = ? and expires_at <= ?").run(userId, now());
      const { running } = sqlite
        .prepare("select count(*) as running from running_generations where user_id = ?")
        .get(userId) as { running: number };
      if (running >= max) return false;
      sqlite
        .prepare("insert into running_generations (id, user_id, expires_at) values (?, ?, ?)")
        .run(id, userId, now() + ttlMs);
      return true;
    })
    .immediate();
  if (!taken) return undefined;
  return renewing(
    () => sqlite.prepare("update running_generations set expires_at = ? where id = ?").run(now() + ttlMs, id),
    () => sqlite.prepare("delete from running_generations where id = ?").run(id),
    ttlMs,
  );
}

/** How many live slots a user holds (a quick check before a long answer starts). */
export function userSlotsInUse(userId: string, now = Date.now()): number {
  const row = getDb()
    .$client.prepare("select count(*) as running from running_generations where user_id = ? and expires_at > ?")
    .get(userId, now) as { running: number };
  return row.running;
}

/** Deletes leases left by processes that died (nobody asked for their key again). */
export function purgeExpiredLeases(now = Date.now()) {
  const sqlite = getDb().$client;
  sqlite.prepare("delete from leases where expires_at <= ?").run(now);
  sqlite.prepare("delete from running_generations where expires_at <= ?").run(now);
}
