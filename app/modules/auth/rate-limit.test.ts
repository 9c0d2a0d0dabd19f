import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { resetConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { TooManyRequestsError } from "~/utils/errors";
import { SWEEP_EVERY_WRITES, readLimit, sweepExpiredLimits, writeLimit } from "./rate-limit-store.server";
import {
  GROUP_SIGN_UPS_PER_WINDOW,
  beginLoginAttempt,
  chargeGroupSignUp,
  chargeSignUp,
  emailDelayMs,
  liftLimit,
  listHeldLimits,
  refundGroupSignUp,
  refundSignUp,
  rememberSignInAddress,
} from "./rate-limit.server";

let db: Db;
const MINUTE = 60_000;
const T0 = Date.UTC(2030, 0, 1);

before(async () => {
  for (const name of [
    "LOGIN_MAX_FAILURES_PER_EMAIL",
    "LOGIN_MAX_FAILURES_PER_IP",
    "LOGIN_FAILURE_WINDOW_MINUTES",
    "REGISTER_MAX_PER_IP",
    "REGISTER_WINDOW_MINUTES",
  ]) {
    delete process.env[name];
  }
  resetConfig();
  db = openDatabase(":memory:");
  await migrateDatabase(db);
});
after(() => closeDatabase());
beforeEach(() => {
  db.$client.prepare("delete from rate_limits").run();
});

/** Seconds the attempt must wait, or 0 when it may go ahead (and then it is settled as `result`). */
function attempt(email: string, address: string, at: number, result: "failed" | "succeeded" = "failed") {
  try {
    const pending = beginLoginAttempt(email, address, at);
    pending[result](at);
    return 0;
  } catch (error) {
    assert.ok(error instanceof TooManyRequestsError, String(error));
    return error.details!.retryAfterSeconds!;
  }
}

describe("sign-in limits", () => {
  test("five failures from one address hold that email at that address for the window, not elsewhere", () => {
    for (let index = 0; index < 5; index++) assert.equal(attempt("admin@example.com", "203.0.113.1", T0 + index), 0);
    const wait = attempt("admin@example.com", "203.0.113.1", T0 + 10, "succeeded");
    assert.ok(wait > 14 * 60 && wait <= 15 * 60, `waits the rest of the window (${wait} s)`);
    // The admin, at an address they signed in from before, is not held at all.
    rememberSignInAddress("admin@example.com", "198.51.100.2", T0 - MINUTE);
    assert.equal(attempt("admin@example.com", "198.51.100.2", T0 + 20, "succeeded"), 0);
    // After the window the stranger's pair is free again.
    assert.equal(attempt("admin@example.com", "203.0.113.1", T0 + 15 * MINUTE + 1), 0);
  });

  test("past five failures for an email from anywhere, new addresses wait 1, 2, 4, ... seconds, at most the window", () => {
    let now = T0;
    for (let index = 0; index < 5; index++) assert.equal(attempt("pastor@example.com", `192.0.2.${index}`, now++), 0);
    const waits: number[] = [];
    for (let index = 5; index < 20; index++) {
      const wait = attempt("pastor@example.com", `192.0.2.${index}`, now);
      waits.push(wait);
      now += wait * 1000;
      assert.equal(attempt("pastor@example.com", `192.0.2.${index}`, now), 0, "allowed once the delay is over");
    }
    assert.deepEqual(waits.slice(0, 6), [1, 2, 4, 8, 16, 32]);
    assert.equal(Math.max(...waits), 15 * 60);
    assert.equal(waits.at(-1), 15 * 60, "capped at the window");
  });

  test("a known address skips the per-email delay but still has its own pair limit", () => {
    rememberSignInAddress("known@example.com", "2001:db8:5:6::1", T0);
    for (let index = 0; index < 12; index++) attempt("known@example.com", `192.0.2.${index}`, T0 + index);
    // Another address of the same /64 is the same network.
    assert.equal(attempt("known@example.com", "2001:db8:5:6::abcd", T0 + 100, "succeeded"), 0);
    assert.ok(attempt("known@example.com", "192.0.2.200", T0 + 101) > 0, "a new address waits");
    for (let index = 0; index < 5; index++) attempt("known@example.com", "2001:db8:5:6::1", T0 + 200 + index);
    assert.ok(attempt("known@example.com", "2001:db8:5:6::1", T0 + 300) > 0);
  });

  test("failures from one address across many emails hold the address", () => {
    for (let index = 0; index < 50; index++)
      assert.equal(attempt(`user${index}@example.com`, "198.51.100.9", T0 + index), 0);
    assert.ok(attempt("someone-else@example.com", "198.51.100.9", T0 + 100) > 0);
    assert.equal(attempt("someone-else@example.com", "198.51.100.10", T0 + 100), 0);
  });

  test("a right password takes its count back; an attempt the busy server never checked counts for nothing", () => {
    for (let round = 0; round < 20; round++)
      assert.equal(attempt("regular@example.com", "192.0.2.50", T0 + round, "succeeded"), 0);
    for (let index = 0; index < 20; index++)
      beginLoginAttempt("busy@example.com", "192.0.2.51", T0 + index).abandoned(T0 + index);
    assert.equal(readLimit("login-pair", "busy@example.com 192.0.2.51", T0 + 30), undefined);
    assert.equal(readLimit("login-email", "busy@example.com", T0 + 30), undefined);
  });

  test("emailDelayMs doubles from one second past the limit and never exceeds the cap", () => {
    assert.equal(emailDelayMs(4, 5, 900_000), 0);
    assert.equal(emailDelayMs(5, 5, 900_000), 1000);
    assert.equal(emailDelayMs(8, 5, 900_000), 8000);
    assert.equal(emailDelayMs(1000, 5, 900_000), 900_000);
  });
});

describe("sign-up limit", () => {
  function refusal(run: () => void) {
    try {
      run();
    } catch (error) {
      assert.ok(error instanceof TooManyRequestsError, String(error));
      return { message: error.message, seconds: error.details!.retryAfterSeconds! };
    }
    return undefined;
  }

  test("a room of forty signs up at once; the 41st waits one refill (90 s), and the bucket refills over the hour", () => {
    for (let index = 0; index < 40; index++) chargeSignUp("203.0.113.77", T0 + index);
    const held = refusal(() => chargeSignUp("203.0.113.77", T0 + 100));
    assert.deepEqual(held, {
      message: "Too many accounts have been created from your network. Please try again in 2 minutes.",
      seconds: 90,
    });
    chargeSignUp("203.0.113.78", T0 + 100);
    // One sign-up back every 90 s: a steady 40 an hour, never more.
    chargeSignUp("203.0.113.77", T0 + 90_000 + 39);
    assert.ok(refusal(() => chargeSignUp("203.0.113.77", T0 + 90_000 + 40)));
    let allowed = 0;
    for (let at = T0 + 91_000; at < T0 + 60 * MINUTE; at += 10_000) {
      if (!refusal(() => chargeSignUp("203.0.113.77", at))) allowed++;
    }
    assert.equal(allowed, 38, "38 more within the first hour (one each 90 s)");
    // Left alone for an hour, the bucket is full again: another room of forty.
    const later = T0 + 3 * 60 * MINUTE;
    for (let index = 0; index < 40; index++) chargeSignUp("203.0.113.77", later + index);
    assert.ok(refusal(() => chargeSignUp("203.0.113.77", later + 40)));
  });

  test("a sign-up given back (the server was busy) frees its place", () => {
    for (let index = 0; index < 40; index++) chargeSignUp("203.0.113.79", T0);
    refundSignUp("203.0.113.79", T0 + 1);
    chargeSignUp("203.0.113.79", T0 + 2);
    assert.ok(refusal(() => chargeSignUp("203.0.113.79", T0 + 3)));
    for (let index = 0; index < 40; index++) refundSignUp("203.0.113.79", T0 + 4);
    assert.equal(readLimit("sign-up-address", "203.0.113.79", T0 + 5), undefined, "a full bucket keeps no row");
  });

  test(`a group's join code admits ${GROUP_SIGN_UPS_PER_WINDOW} sign-ups a window, then says no`, () => {
    for (let index = 0; index < GROUP_SIGN_UPS_PER_WINDOW; index++) {
      assert.equal(chargeGroupSignUp("group-1", T0 + index), true);
    }
    assert.equal(chargeGroupSignUp("group-1", T0 + 200), false);
    assert.equal(chargeGroupSignUp("group-2", T0 + 200), true);
    refundGroupSignUp("group-1", T0 + 201);
    assert.equal(chargeGroupSignUp("group-1", T0 + 202), true);
    assert.equal(chargeGroupSignUp("group-1", T0 + 60 * MINUTE), true, "refilled over the window");
  });
});

describe("held limits, for the Admin Console", () => {
  test("lists who is held, by kind, the longest-held first; lifting one frees it at once", () => {
    for (let index = 0; index < 40; index++) chargeSignUp("2001:db8:7:8::1", T0);
    for (let index = 0; index < 5; index++) attempt("held@example.com", "198.51.100.30", T0 + index);
    for (let index = 0; index < 3; index++) chargeSignUp("192.0.2.99", T0);
    const held = listHeldLimits(T0 + 10, 100);
    assert.deepEqual(
      held.map(({ kind, email, address, count }) => ({ kind, email, address, count })),
      [
        { kind: "sign-in", email: "held@example.com", address: "198.51.100.30", count: 5 },
        { kind: "sign-up", email: null, address: "2001:db8:7:8::/64", count: 40 },
        // The fifth failure also starts the per-email delay (1 s) for new addresses.
        { kind: "sign-in-email", email: "held@example.com", address: null, count: 5 },
      ],
      "a sign-up bucket that is not empty holds nobody",
    );
    assert.equal(held[0]!.until, T0 + 15 * MINUTE);
    assert.equal(listHeldLimits(T0 + 10, 1).length, 1);

    assert.equal(liftLimit("sign-up", "2001:db8:7:8::/64", T0 + 20), true);
    chargeSignUp("2001:db8:7:8::2", T0 + 21);
    assert.equal(liftLimit("sign-in", "held@example.com 198.51.100.30", T0 + 22), true);
    assert.equal(liftLimit("sign-in-email", "held@example.com", T0 + 22), true);
    assert.equal(attempt("held@example.com", "198.51.100.30", T0 + 23, "succeeded"), 0);
    assert.equal(liftLimit("sign-in", "nobody@example.com 198.51.100.30", T0 + 24), false);
    for (let index = 0; index < 5; index++) attempt("late@example.com", "198.51.100.31", T0 + index);
    assert.equal(liftLimit("sign-in", "late@example.com 198.51.100.31", T0 + 15 * MINUTE), false, "it had ended");
  });
});

describe("the table stays bounded", () => {
  test(`expired rows are swept after every ${SWEEP_EVERY_WRITES} writes`, () => {
    const count = () => (db.$client.prepare("select count(*) as n from rate_limits").get() as { n: number }).n;
    for (let index = 0; index < 50; index++) {
      writeLimit("test", `old-${index}`, { count: 1, windowStart: T0, blockedUntil: null, expiresAt: T0 + 1 });
    }
    sweepExpiredLimits(T0);
    assert.equal(count(), 50, "nothing live is swept");
    // Later traffic alone clears them: no timer is needed.
    for (let index = 0; index < SWEEP_EVERY_WRITES; index++) chargeSignUp(`198.18.0.${index % 250}`, T0 + MINUTE);
    assert.equal(count(), SWEEP_EVERY_WRITES);
    assert.equal(
      (db.$client.prepare("select count(*) as n from rate_limits where bucket = 'test'").get() as { n: number }).n,
      0,
    );
  });
});
