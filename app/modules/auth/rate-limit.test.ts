import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { resetConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { TooManyRequestsError } from "~/utils/errors";
import { SWEEP_EVERY_WRITES, readLimit, sweepExpiredLimits, writeLimit } from "./rate-limit-store.server";
import { beginLoginAttempt, chargeSignUp, emailDelayMs, rememberSignInAddress } from "./rate-limit.server";

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
  test("five accounts per address per hour; the sixth waits for the window", () => {
    for (let index = 0; index < 5; index++) chargeSignUp("203.0.113.77", T0 + index);
    assert.throws(
      () => chargeSignUp("203.0.113.77", T0 + 10),
      (error) => {
        assert.ok(error instanceof TooManyRequestsError);
        assert.match(
          error.message,
          /^Too many accounts have been created from your network\. Please try again in 60 minutes\.$/,
        );
        assert.equal(error.details?.retryAfterSeconds, 3600);
        return true;
      },
    );
    chargeSignUp("203.0.113.78", T0 + 10);
    chargeSignUp("203.0.113.77", T0 + 60 * MINUTE);
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
