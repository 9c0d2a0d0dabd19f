import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { users } from "#db/schema";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { leaseState, purgeExpiredLeases, tryLease, tryUserSlot, userSlotsInUse } from "./leases.server";

let db: Db;
before(async () => {
  db = openDatabase(":memory:");
  await migrateDatabase(db);
});
after(() => closeDatabase());

test("a lease has one holder until released; a lease left to expire is taken over", () => {
  let clock = 1_000_000;
  const now = () => clock;
  const first = tryLease("devotional:a", { ttlMs: 1000, now });
  assert.ok(first);
  assert.equal(tryLease("devotional:a", { ttlMs: 1000, now }), undefined, "held");
  assert.ok(tryLease("devotional:b", { ttlMs: 1000, now }), "other keys are free");
  assert.equal(leaseState("devotional:a", clock), "live");

  // The holder died: it stops renewing and the lease runs out.
  clock += 1001;
  assert.equal(leaseState("devotional:a", clock), "expired");
  const second = tryLease("devotional:a", { ttlMs: 1000, now });
  assert.ok(second, "taken over");
  first.release();
  assert.equal(
    leaseState("devotional:a", clock),
    "live",
    "the old holder's release does not free the new holder's lease",
  );
  second.release();
  assert.equal(leaseState("devotional:a", clock), "none");
});

test("at most `max` slots per user; a released or expired slot frees one", () => {
  const userId = db
    .insert(users)
    .values({ email: "slots@example.com", passwordHash: "x" })
    .returning({ id: users.id })
    .get().id;
  let clock = 5_000_000;
  const now = () => clock;
  const one = tryUserSlot(userId, 2, { ttlMs: 1000, now });
  const two = tryUserSlot(userId, 2, { ttlMs: 1000, now });
  assert.ok(one && two);
  assert.equal(tryUserSlot(userId, 2, { ttlMs: 1000, now }), undefined);
  assert.equal(userSlotsInUse(userId, clock), 2);
  one.release();
  const three = tryUserSlot(userId, 2, { ttlMs: 1000, now });
  assert.ok(three);
  clock += 1001;
  assert.equal(userSlotsInUse(userId, clock), 0, "a killed process's slots expire");
  assert.ok(tryUserSlot(userId, 2, { ttlMs: 1000, now }));
  purgeExpiredLeases(clock);
  assert.equal(
    (db.$client.prepare("select count(*) as count from running_generations").get() as { count: number }).count,
    1,
  );
  two.release();
  three.release();
});
