import { getConfig } from "~/config.server";
import { isReplica } from "~/db-role.server";
import { countInWindow, inLimitTransaction, readLimit, writeLimit } from "~/modules/auth/rate-limit-store.server";
import { tryLease, type Lease } from "~/modules/jobs/leases.server";
import { TooManyRequestsError } from "~/utils/errors";

/**
 * How often one account may import and export, counted in the database (rate_limits, leases) so
 * every process serving the file sees the same counts. An attempt counts when it starts, refused
 * or not: reading a file is the work being limited.
 */
const HOUR_MS = 60 * 60_000;
/** A running import is renewed while it runs; this is only how long a client is told to wait. */
const IMPORT_RUNNING_RETRY_SECONDS = 10;

function waitText(seconds: number) {
  return seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
}

function charge(bucket: string, userId: string, max: number, what: string) {
  const now = Date.now();
  inLimitTransaction(() => {
    const row = readLimit(bucket, userId, now);
    if (row?.blockedUntil && row.blockedUntil > now) {
      const seconds = Math.max(1, Math.ceil((row.blockedUntil - now) / 1000));
      throw new TooManyRequestsError(
        `You have made ${max} ${what} in the last hour. Please try again in ${waitText(seconds)}.`,
        seconds,
      );
    }
    writeLimit(bucket, userId, countInWindow(row, now, HOUR_MS, max));
  }, now);
}

/**
 * Before an import: one at a time per account (a lease), IMPORTS_PER_HOUR an hour. The lease is
 * released by the caller when the import ends.
 */
export function startImport(userId: string): Lease {
  const lease = tryLease(`import:${userId}`);
  if (!lease) {
    throw new TooManyRequestsError(
      "An import of yours is still under way. Please wait for it to finish.",
      IMPORT_RUNNING_RETRY_SECONDS,
    );
  }
  try {
    charge("account-import", userId, getConfig().IMPORTS_PER_HOUR, "imports");
  } catch (error) {
    lease.release();
    throw error;
  }
  return lease;
}

/**
 * Before an export: EXPORTS_PER_HOUR an hour. A read-only replica cannot count (it never writes);
 * the export's own limits in the worker pool still hold there.
 */
export function startExport(userId: string) {
  if (isReplica()) return;
  charge("account-export", userId, getConfig().EXPORTS_PER_HOUR, "exports");
}
