import { getConfig } from "~/config.server";
import { TooManyRequestsError } from "~/utils/errors";
import { limiterKeyOf } from "~/utils/ip-address.server";
import {
  clearLimit,
  countInWindow,
  inLimitTransaction,
  readLimit,
  writeLimit,
  type LimitRow,
} from "./rate-limit-store.server";

/**
 * Sign-in and sign-up limits (docs/adr/0002-login-and-signup-limits.md explains the choices):
 *
 * - per (email, address): LOGIN_MAX_FAILURES_PER_EMAIL failures in the window hold that pair for
 *   the rest of the window. Someone else's guesses from elsewhere never hold the owner out.
 * - per address: LOGIN_MAX_FAILURES_PER_IP failures, whatever the emails, hold the address.
 * - per email, from any address: past LOGIN_MAX_FAILURES_PER_EMAIL failures each further attempt
 *   waits 1, 2, 4, ... seconds, at most the window. A delay rather than a lock, and addresses
 *   this account signed in from before (within the session lifetime) do not wait at all.
 * - sign-ups per address: REGISTER_MAX_PER_IP accounts per REGISTER_WINDOW_MINUTES.
 *
 * Addresses are counted by limiterKeyOf: an IPv4 address or an IPv6 /64.
 */
const PAIR = "login-pair";
const ADDRESS = "login-address";
const EMAIL = "login-email";
const KNOWN = "login-known";
const SIGN_UP = "sign-up-address";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function loginWindowMs() {
  return getConfig().LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
}

function tooMany(reason: string, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? "" : "s"}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return new TooManyRequestsError(`${reason} Please try again in ${wait}.`, seconds);
}

const SIGN_IN_REASON = "Too many failed sign-in attempts.";

/**
 * The per-email delay after the `count`-th attempt: none up to the limit, then doubling from one
 * second, never longer than the window (so it never becomes a lock-out).
 */
export function emailDelayMs(count: number, limit: number, capMs: number) {
  if (count < limit) return 0;
  return Math.min(capMs, 1000 * 2 ** Math.min(count - limit, 30));
}

function chargeEmail(row: LimitRow | undefined, now: number): LimitRow {
  const config = getConfig();
  const count = (row?.count ?? 0) + 1;
  const delay = emailDelayMs(count, config.LOGIN_MAX_FAILURES_PER_EMAIL, loginWindowMs());
  const blockedUntil = delay ? now + delay : null;
  // The count lives on while attempts keep coming; a window of quiet after the delay forgets it.
  return {
    count,
    windowStart: row?.windowStart ?? now,
    blockedUntil,
    expiresAt: (blockedUntil ?? now) + loginWindowMs(),
  };
}

/** Takes one attempt back; below `max` the key is no longer held. */
function refund(bucket: string, key: string, max: number, now: number) {
  const row = readLimit(bucket, key, now);
  if (!row) return;
  const count = row.count - 1;
  if (count <= 0) clearLimit(bucket, key);
  else writeLimit(bucket, key, { ...row, count, blockedUntil: count < max ? null : row.blockedUntil });
}

/** Marks an address as one this account has signed in (or signed up) from. */
function remember(pairKey: string, now: number) {
  const knownMs = getConfig().SESSION_TTL_DAYS * DAY_MS;
  writeLimit(KNOWN, pairKey, { count: 1, windowStart: now, blockedUntil: null, expiresAt: now + knownMs });
}

function pairKeyOf(email: string, clientAddress: string) {
  return `${email} ${limiterKeyOf(clientAddress)}`;
}

/** Whether this account signed in (or signed up) from this address within the session lifetime. */
export function isKnownSignInAddress(email: string, clientAddress: string, now = Date.now()) {
  return readLimit(KNOWN, pairKeyOf(email, clientAddress), now) !== undefined;
}

/**
 * Checks the limits and counts this attempt at once, before the password is checked: the check
 * takes tens of milliseconds off the event loop, and attempts counted only afterwards would let a
 * burst of parallel guesses all through. A right password takes the count back. The address's
 * own count is charged only for real failures, so a whole church signing in at once behind one
 * address is not held up by its own sign-ins in flight.
 */
export function beginLoginAttempt(email: string, clientAddress: string, now = Date.now()) {
  const config = getConfig();
  const address = limiterKeyOf(clientAddress);
  const pairKey = pairKeyOf(email, clientAddress);
  const known = inLimitTransaction(() => {
    const pair = readLimit(PAIR, pairKey, now);
    const byAddress = readLimit(ADDRESS, address, now);
    const isKnown = readLimit(KNOWN, pairKey, now) !== undefined;
    const byEmail = isKnown ? undefined : readLimit(EMAIL, email, now);
    const blockedUntil = Math.max(pair?.blockedUntil ?? 0, byAddress?.blockedUntil ?? 0, byEmail?.blockedUntil ?? 0);
    if (blockedUntil > now) throw tooMany(SIGN_IN_REASON, blockedUntil - now);
    writeLimit(PAIR, pairKey, countInWindow(pair, now, loginWindowMs(), config.LOGIN_MAX_FAILURES_PER_EMAIL));
    if (!isKnown) writeLimit(EMAIL, email, chargeEmail(byEmail, now));
    return isKnown;
  }, now);

  return {
    failed(at = Date.now()) {
      inLimitTransaction(() => {
        const row = readLimit(ADDRESS, address, at);
        writeLimit(ADDRESS, address, countInWindow(row, at, loginWindowMs(), config.LOGIN_MAX_FAILURES_PER_IP));
      }, at);
    },
    succeeded(at = Date.now()) {
      inLimitTransaction(() => {
        clearLimit(PAIR, pairKey);
        if (!known) refund(EMAIL, email, config.LOGIN_MAX_FAILURES_PER_EMAIL, at);
        remember(pairKey, at);
      }, at);
    },
    /** The password was never checked (the server was busy): the attempt counts for nothing. */
    abandoned(at = Date.now()) {
      inLimitTransaction(() => {
        refund(PAIR, pairKey, config.LOGIN_MAX_FAILURES_PER_EMAIL, at);
        if (!known) refund(EMAIL, email, config.LOGIN_MAX_FAILURES_PER_EMAIL, at);
      }, at);
    },
  };
}

/**
 * Counts one sign-up from this address, or refuses it past REGISTER_MAX_PER_IP in the window.
 * Called before the password is hashed, so refused sign-ups cost no hashing.
 */
export function chargeSignUp(clientAddress: string, now = Date.now()) {
  const config = getConfig();
  const key = limiterKeyOf(clientAddress);
  inLimitTransaction(() => {
    const row = readLimit(SIGN_UP, key, now);
    if (row?.blockedUntil && row.blockedUntil > now) {
      throw tooMany("Too many accounts have been created from your network.", row.blockedUntil - now);
    }
    writeLimit(
      SIGN_UP,
      key,
      countInWindow(row, now, config.REGISTER_WINDOW_MINUTES * MINUTE_MS, config.REGISTER_MAX_PER_IP),
    );
  }, now);
}

export function refundSignUp(clientAddress: string, now = Date.now()) {
  inLimitTransaction(() => refund(SIGN_UP, limiterKeyOf(clientAddress), getConfig().REGISTER_MAX_PER_IP, now), now);
}

/** After a sign-up: the new account's address counts as one it has signed in from. */
export function rememberSignInAddress(email: string, clientAddress: string, now = Date.now()) {
  inLimitTransaction(() => remember(pairKeyOf(email, clientAddress), now), now);
}
