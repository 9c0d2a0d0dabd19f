import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";
import { ReplicaWriteError } from "~/utils/errors";

/**
 * Whether this machine holds a read-only copy of the database: a LiteFS replica
 * (docs/adr/0010-past-one-machine.md). LiteFS keeps a `.primary` file in its mount, beside the
 * database, only on a replica connected to the primary, and it holds the primary's hostname. On
 * the primary, and on every install without LiteFS, there is no such file: nothing changes.
 */

// Requests ask on every session lookup; the role changes only at a fail-over.
const CHECK_INTERVAL_MS = 1000;

let last: { databasePath: string; checkedAt: number; primary: string | null } | undefined;

/** The primary's hostname when this machine is a replica, else null (checked at most once a second). */
export function primaryHostname(databasePath = getConfig().DATABASE_PATH, now = Date.now()): string | null {
  if (databasePath === ":memory:") return null;
  if (last && last.databasePath === databasePath && now - last.checkedAt < CHECK_INTERVAL_MS) return last.primary;
  let primary: string | null;
  try {
    // LiteFS appends a newline to the hostname.
    primary = fs.readFileSync(path.join(path.dirname(path.resolve(databasePath)), ".primary"), "utf8").trim();
  } catch {
    primary = null;
  }
  last = { databasePath, checkedAt: now, primary };
  return primary;
}

export function isReplica(databasePath?: string) {
  return primaryHostname(databasePath) !== null;
}

/**
 * For a read that must write first (a devotional not yet cached): on a replica, throws so the
 * request is replayed on the primary (mapped to `fly-replay` in app/utils/api.server.ts).
 */
export function requirePrimary() {
  const primary = primaryHostname();
  if (primary !== null) throw new ReplicaWriteError(primary);
}
