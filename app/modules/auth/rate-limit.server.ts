import { getConfig } from "~/config.server";
import { TooManyRequestsError } from "~/utils/errors";

/**
 * Failed sign-ins per email and per client address within a sliding window, kept in memory:
 * one server process owns the SQLite file, so one process sees every attempt.
 */
const failures = new Map<string, number[]>();

function windowMs() {
  return getConfig().LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
}

function recent(key: string, now: number) {
  const list = failures.get(key);
  if (!list) return [];
  const fresh = list.filter((time) => now - time < windowMs());
  if (fresh.length === 0) failures.delete(key);
  else failures.set(key, fresh);
  return fresh;
}

function keys(email: string, clientAddress: string) {
  return { email: `email:${email}`, ip: `ip:${clientAddress}` };
}

export function assertLoginAllowed(email: string, clientAddress: string, now = Date.now()) {
  const config = getConfig();
  const key = keys(email, clientAddress);
  const byEmail = recent(key.email, now);
  const byIp = recent(key.ip, now);
  const blocked =
    byEmail.length >= config.LOGIN_MAX_FAILURES_PER_EMAIL
      ? byEmail
      : byIp.length >= config.LOGIN_MAX_FAILURES_PER_IP
        ? byIp
        : null;
  if (!blocked) return;
  const retryAfterMs = windowMs() - (now - blocked[0]!);
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  throw new TooManyRequestsError(
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    Math.ceil(retryAfterMs / 1000),
  );
}

function charge(key: string, now: number) {
  const list = recent(key, now);
  list.push(now);
  failures.set(key, list);
}

export function clearLoginFailures(email: string) {
  failures.delete(keys(email, "").email);
}

/**
 * Checks the limits and counts this attempt against its email at once, before the password is
 * checked: the check takes tens of milliseconds off the event loop, and attempts counted only
 * afterwards would let a burst of parallel guesses at one account all through. A right password
 * takes the count back. The client address is charged only for real failures, so a whole church
 * signing in at once behind one address is not held up by its own sign-ins in flight.
 */
export function beginLoginAttempt(email: string, clientAddress: string, now = Date.now()) {
  assertLoginAllowed(email, clientAddress, now);
  const key = keys(email, clientAddress);
  charge(key.email, now);
  return {
    failed() {
      charge(key.ip, Date.now());
    },
    succeeded() {
      clearLoginFailures(email);
    },
  };
}
