/**
 * A short soak in `npm test`: 60 simulated users for about 8 seconds against the real server in
 * its own process, then half as many against two worker processes on the same database.
 * `npm run test:deep` runs 200 users for 12 seconds; `npm run soak` is the full minute (bench/soak.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatSoakReport, runSoak } from "../support/soak";

const USERS = Number(process.env.SOAK_USERS ?? 60);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 8);

/** Each must have happened in a run. */
const EXERCISED = ["sign up (page)", "sign up (API)", "sign in (page)", "page /", "GET /api/studies"];

const runs = [
  { users: USERS, seconds: SECONDS, workers: process.env.WORKERS ?? "1" },
  // Half the users: what it adds is two processes writing the one file, not more of the same load.
  { users: Math.ceil(USERS / 2), seconds: SECONDS, workers: "2" },
];

for (const { users: USERS, seconds: SECONDS, workers } of runs) {
  test(`${USERS} simulated users for ${SECONDS} s (WORKERS=${workers}): no errors, every write in the database`, async (t) => {
    const report = await runSoak({
      users: USERS,
      durationMs: SECONDS * 1000,
      rampMs: 4000,
      // What the assertions below ask to have happened, however busy the machine (a window alone
      // once ended, at load 20, before any user had listed their studies).
      until: { operations: EXERCISED, acknowledgedWrites: USERS },
      serverEnv: { WORKERS: workers },
    });
    const summary = formatSoakReport(report);
    t.diagnostic(summary.split("\n")[0]!);
    assert.equal(report.errors, 0, summary);
    assert.deepEqual(report.writes.problems, [], summary);
    assert.equal(report.database.integrity, "ok");
    // Every user signed up (one account more: the one that read the plan catalogue), and users went
    // on to write more than their accounts.
    assert.equal(report.database.users, USERS + 1, summary);
    assert.ok(report.writes.acknowledged > USERS, summary);
    assert.equal(report.writes.verified, report.writes.acknowledged);
    for (const operation of EXERCISED) {
      assert.ok((report.operations[operation]?.count ?? 0) > 0, `${operation} was exercised\n${summary}`);
    }
  });
}
