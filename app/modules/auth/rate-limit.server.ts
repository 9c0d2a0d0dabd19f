import { getConfig } from "~/config.server";
import type { HeldLimitKind } from "./schemas";
import { TooManyRequestsError } from "~/utils/errors";
import { limiterKeyOf } from "~/utils/ip-address.server";
import {
  clearLimit,
  countInWindow,
  inLimitTransaction,
  listHeld,
  readLimit,
  returnToBucket,
  takeFromBucket,
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
 * - sign-ups per address: a bucket of REGISTER_MAX_PER_IP accounts that refills over
 *   REGISTER_WINDOW_MINUTES. A valid invite skips it; so does a group's join code, up to
 *   GROUP_SIGN_UPS_PER_WINDOW sign-ups a window for each group.
 *
 * Addresses are counted by limiterKeyOf: an IPv4 address or an IPv6 /64.
 */
const PAIR = "login-pair";
const ADDRESS = "login-address";
const EMAIL = "login-email";
const KNOWN = "login-known";
const SIGN_UP = "sign-up-address";
const GROUP_SIGN_UP = "sign-up-group";

/**
 * Sign-ups one group's join code lets past the address limit per REGISTER_WINDOW_MINUTES (a
 * bucket, like the address's). A join code is shared with the whole group and may leak; past
 * this, its sign-ups count against their address like any other.
 */
export const GROUP_SIGN_UPS_PER_WINDOW = 100;

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

function signUpWindowMs() {
  return getConfig().REGISTER_WINDOW_MINUTES * MINUTE_MS;
}

export const SIGN_UP_REASON = "Too many accounts have been created from your network.";

/**
 * Counts one sign-up from this address, or refuses it while the address's bucket is empty: it
 * holds REGISTER_MAX_PER_IP sign-ups and refills completely in REGISTER_WINDOW_MINUTES. Called
 * before the password is hashed, so refused sign-ups cost no hashing.
 */
export function chargeSignUp(clientAddress: string, now = Date.now()) {
  const size = getConfig().REGISTER_MAX_PER_IP;
  const key = limiterKeyOf(clientAddress);
  inLimitTransaction(() => {
    const row = readLimit(SIGN_UP, key, now);
    if (row?.blockedUntil && row.blockedUntil > now) throw tooMany(SIGN_UP_REASON, row.blockedUntil - now);
    writeLimit(SIGN_UP, key, takeFromBucket(row, now, size, signUpWindowMs()));
  }, now);
}

/**
 * Counts one sign-up through this group's join code; false (and nothing counted) once the group's
 * bucket of GROUP_SIGN_UPS_PER_WINDOW is empty.
 */
export function chargeGroupSignUp(groupId: string, now = Date.now()) {
  return inLimitTransaction(() => {
    const row = readLimit(GROUP_SIGN_UP, groupId, now);
    if (row?.blockedUntil && row.blockedUntil > now) return false;
    writeLimit(GROUP_SIGN_UP, groupId, takeFromBucket(row, now, GROUP_SIGN_UPS_PER_WINDOW, signUpWindowMs()));
    return true;
  }, now);
}

function giveBack(bucket: string, key: string, size: number, now: number) {
  inLimitTransaction(() => {
    const row = readLimit(bucket, key, now);
    if (!row) return;
    const returned = returnToBucket(row, now, size, signUpWindowMs());
    if (returned) writeLimit(bucket, key, returned);
    else clearLimit(bucket, key);
  }, now);
}

export function refundSignUp(clientAddress: string, now = Date.now()) {
  giveBack(SIGN_UP, limiterKeyOf(clientAddress), getConfig().REGISTER_MAX_PER_IP, now);
}

export function refundGroupSignUp(groupId: string, now = Date.now()) {
  giveBack(GROUP_SIGN_UP, groupId, GROUP_SIGN_UPS_PER_WINDOW, now);
}

/** After a sign-up: the new account's address counts as one it has signed in from. */
export function rememberSignInAddress(email: string, clientAddress: string, now = Date.now()) {
  inLimitTransaction(() => remember(pairKeyOf(email, clientAddress), now), now);
}

/** The limits an admin can see and lift (app/modules/admin/limits.server.ts), by what they hold. */
const heldBuckets = {
  "sign-up": SIGN_UP,
  "sign-in": PAIR,
  "sign-in-address": ADDRESS,
  "sign-in-email": EMAIL,
} as const satisfies Record<HeldLimitKind, string>;

const kindOfBucket = new Map<string, HeldLimitKind>(
  Object.entries(heldBuckets).map(([kind, bucket]) => [bucket, kind as HeldLimitKind]),
);

export interface HeldLimit {
  kind: HeldLimitKind;
  key: string;
  email: string | null;
  /** The limiter key: an IPv4 address or an IPv6 /64. */
  address: string | null;
  count: number;
  until: number;
}

/** Addresses and emails held by a sign-up or sign-in limit at `now`, the longest-held first. */
export function listHeldLimits(now: number, limit: number): HeldLimit[] {
  return listHeld(Object.values(heldBuckets), now, limit).map(({ bucket, key, count, blockedUntil }) => {
    const kind = kindOfBucket.get(bucket)!;
    // A pair's key is "email address", and an email never holds a space.
    const space = key.lastIndexOf(" ");
    const [email, address] =
      kind === "sign-in"
        ? [key.slice(0, space), key.slice(space + 1)]
        : kind === "sign-in-email"
          ? [key, null]
          : [null, key];
    return { kind, key, email, address, count, until: blockedUntil };
  });
}

/** Lifts a limit: its count starts again from nothing. False when there was none (or it has expired). */
export function liftLimit(kind: HeldLimitKind, key: string, now = Date.now()) {
  const bucket = heldBuckets[kind];
  return inLimitTransaction(() => readLimit(bucket, key, now) !== undefined && clearLimit(bucket, key), now);
}
