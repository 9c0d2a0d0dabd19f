import { isValidTimeZone, getProfile, updateProfile } from "~/modules/profile/profile.server";
import { ValidationError } from "~/utils/errors";

/**
 * The reader's time zone, by which "today" is judged for plans and streaks: read from what the
 * browser sent or the profile (reads), and stored on the profile when a write brings a new one.
 */

/** Canonical IANA name ("europe/london" -> "Europe/London"), or null when the zone is unknown. */
function canonicalTimeZone(timeZone: string): string | null {
  if (!isValidTimeZone(timeZone)) return null;
  return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
}

function checkedTimeZone(provided: string): string {
  const canonical = canonicalTimeZone(provided);
  if (!canonical) {
    throw new ValidationError(
      `timeZone: "${provided.length > 64 ? `${provided.slice(0, 63)}…` : provided}" is not a time zone we know (expected a name like Europe/London)`,
    );
  }
  return canonical;
}

/**
 * The zone to judge "today" in, for reads: the one the browser sent (validated, not stored), else
 * the stored one, else UTC. A GET never writes, so reading Today leaves the profile alone.
 */
export function readTimeZone(userId: string, provided?: string | null): string {
  if (provided) return checkedTimeZone(provided);
  return getProfile(userId).timeZone ?? "UTC";
}

/**
 * The reader's time zone, for writes: the one the browser just sent (validated, then stored on
 * the profile), else the stored one, else UTC.
 */
export function resolveTimeZone(userId: string, provided?: string | null): string {
  const stored = getProfile(userId).timeZone;
  if (provided) {
    const canonical = checkedTimeZone(provided);
    if (canonical !== stored) updateProfile(userId, { timeZone: canonical });
    return canonical;
  }
  return stored ?? "UTC";
}
