import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import {
  api,
  assertRefusals,
  postForm,
  seedAccount,
  startPlan,
  startTestServer,
  type TestServer,
} from "../support/server";

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function plans(token: string) {
  const answer = await api(server.url, "/api/plans", { token });
  assert.equal(answer.status, 200);
  return answer.body as Array<{
    id: string;
    slug: string;
    name: string;
    daysCount: number;
    planType: string;
    firstReading: string;
    progress: unknown;
  }>;
}

async function planId(token: string, slug: string) {
  return (await plans(token)).find((plan) => plan.slug === slug)!.id;
}

/** POST /api/plans/user-plans/complete: marks a day of the reader's active plan read. */
function completeDay(token: string, dayNumber: number) {
  return api(server.url, "/api/plans/user-plans/complete", { method: "POST", token, body: { dayNumber } });
}

function database() {
  return new Database(server.databasePath);
}

describe("GET /api/plans", () => {
  test("lists the seeded catalogue", async () => {
    const { token } = await seedAccount(server.url);
    const list = await plans(token);
    const slugs = list.map((plan) => plan.slug).sort();
    assert.deepEqual(slugs, [
      "bible-in-a-year",
      "gospel-of-john-21-days",
      "gospels-30-days",
      "new-testament-90-days",
      "proverbs-31-days",
      "psalms-30-days",
      "romans-16-days",
      "sermon-on-the-mount-7-days",
    ]);
    const john = list.find((plan) => plan.slug === "gospel-of-john-21-days")!;
    assert.equal(john.name, "Gospel of John in 21 Days");
    assert.equal(john.daysCount, 21);
    assert.equal(john.planType, "book");
    assert.equal(john.firstReading, "John 1");
    assert.equal(john.progress, null);
    assert.equal(list.find((plan) => plan.slug === "bible-in-a-year")!.daysCount, 365);
  });

  test("needs a session", async () => {
    const answer = await api(server.url, "/api/plans");
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, { error: "Authentication required" });
  });

  test("the seed is idempotent: a restart adds nothing", async () => {
    const db = database();
    const before = db
      .prepare("select (select count(*) from reading_plans) as plans, (select count(*) from plan_days) as days")
      .get();
    db.close();
    const { openDatabase } = await import("~/db.server");
    const { seedDatabase } = await import("~/server/startup.server");
    seedDatabase(openDatabase(server.databasePath));
    const again = database();
    const after = again
      .prepare("select (select count(*) from reading_plans) as plans, (select count(*) from plan_days) as days")
      .get();
    again.close();
    assert.deepEqual(after, before);
  });
});

describe("the Today flow", () => {
  test("no active plan: a clear empty answer", async () => {
    const { token } = await seedAccount(server.url);
    const today = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(today.status, 200);
    assert.equal(today.body.userPlan, null);
    assert.equal(today.body.currentDay, null);
    assert.deepEqual(today.body.devotions, []);
    assert.deepEqual(today.body.passages, []);
    assert.equal(today.body.isCompleted, false);
    assert.equal(today.body.streak, 0);
  });

  test("start -> today -> complete -> completed today, streak 1", async () => {
    const account = await seedAccount(server.url);
    const { token } = account;
    const id = await planId(token, "gospel-of-john-21-days");

    const started = await startPlan(server.url, token, id, { translation: "NKJV" });
    assert.equal(started.status, 201);
    assert.equal(started.body.userPlan.planId, id);
    assert.equal(started.body.userPlan.translation, "NKJV");
    assert.equal(started.body.userPlan.plan.name, "Gospel of John in 21 Days");

    const onboarding = database();
    const flags = onboarding
      .prepare("select has_started_plan from user_onboarding where user_id = ?")
      .get(account.id) as { has_started_plan: number };
    onboarding.close();
    assert.equal(flags.has_started_plan, 1, "starting a plan sets hasStartedPlan");

    const today = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(today.status, 200);
    const body = today.body;
    assert.equal(body.userPlan.plan.name, "Gospel of John in 21 Days");
    assert.equal(body.userPlan.plan.daysCount, 21);
    assert.equal(body.currentDay, 1);
    assert.equal(body.isCompleted, false);
    assert.equal(body.streak, 0);
    assert.deepEqual(
      body.devotions.map((devotion: { level: string }) => devotion.level),
      ["beginner", "intermediate", "deep"],
    );
    for (const devotion of body.devotions) {
      assert.deepEqual(devotion.writer, { aiProvider: "builtin", aiModel: "builtin" }, "each says who wrote it");
      assert.match(devotion.content, /^## John 1/);
      assert.match(devotion.content, /\(BSB\)|BSB/);
    }
    assert.equal(body.passages.length, 1);
    assert.equal(body.passages[0].reference, "John 1");
    assert.match(body.passages[0].text, /^In the beginning was the Word/);
    assert.equal(body.passages[0].verses.length, 51);
    assert.equal(body.translation.requested, "NKJV");
    assert.equal(body.translation.shown, "BSB");
    assert.match(body.translation.note, /NKJV is not available offline/);

    const beyond = await completeDay(token, 2);
    assert.equal(beyond.status, 400);
    assert.match(beyond.body.error, /Day 2 is not open yet: today's reading is day 1/);

    const complete = await completeDay(token, 1);
    assert.equal(complete.status, 200);
    assert.equal(complete.body.dayNumber, 1);
    assert.equal(complete.body.alreadyCompleted, false);
    assert.equal(complete.body.streak, 1);

    const after = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(after.body.currentDay, 1, "the completed day stays on Today until tomorrow");
    assert.equal(after.body.isCompleted, true);
    assert.equal(after.body.streak, 1);
    assert.equal(after.body.completedToday, true);
    assert.equal(after.body.userPlan.completedDays, 1);
    assert.ok(after.body.completedAt);

    const again = await completeDay(token, 1);
    assert.equal(again.status, 200);
    assert.equal(again.body.alreadyCompleted, true);
    assert.equal(again.body.streak, 1);

    const tomorrowsDay = await completeDay(token, 2);
    assert.equal(tomorrowsDay.status, 400);
    assert.match(tomorrowsDay.body.error, /already completed today's reading/);
  });

  test("the day moves on at the reader's next calendar day", async () => {
    const account = await seedAccount(server.url);
    const id = await planId(account.token, "romans-16-days");
    await startPlan(server.url, account.token, id);
    await completeDay(account.token, 1);
    // Yesterday's completion: move it back one day.
    const db = database();
    db.prepare(
      "update user_plan_progress set completed_at = completed_at - 86400000 where user_plan_id in (select id from user_plans where user_id = ?)",
    ).run(account.id);
    db.close();
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.currentDay, 2);
    assert.equal(today.body.isCompleted, false);
    assert.equal(today.body.streak, 1, "a streak ending yesterday still counts");
    assert.equal(today.body.passages[0].reference, "Romans 2");
    const complete = await completeDay(account.token, 2);
    assert.equal(complete.body.streak, 2);
  });

  test("double clicks and concurrent requests count a day once", async () => {
    const account = await seedAccount(server.url);
    const id = await planId(account.token, "proverbs-31-days");
    await startPlan(server.url, account.token, id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => completeDay(account.token, 1)));
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
    assert.equal(answers.filter((answer) => answer.body.alreadyCompleted === false).length, 1);
    const db = database();
    const { count } = db
      .prepare(
        "select count(*) as count from user_plan_progress p join user_plans u on u.id = p.user_plan_id where u.user_id = ?",
      )
      .get(account.id) as { count: number };
    db.close();
    assert.equal(count, 1);
  });

  test("starting another plan makes it active and keeps earlier progress", async () => {
    const { token } = await seedAccount(server.url);
    const john = await planId(token, "gospel-of-john-21-days");
    const psalms = await planId(token, "psalms-30-days");
    await startPlan(server.url, token, john);
    await completeDay(token, 1);
    await startPlan(server.url, token, psalms, { translation: "KJV" });

    const today = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(today.body.userPlan.plan.name, "Psalms in 30 Days");
    assert.equal(today.body.currentDay, 1);
    assert.equal(today.body.isCompleted, false);
    assert.equal(today.body.streak, 1, "the streak counts reading in any plan");
    assert.equal(today.body.passages[0].reference, "Psalms 1-5");
    assert.match(today.body.passages[0].text, /^Blessed is the man that walketh not/);
    assert.equal(today.body.translation.shown, "KJV");
    assert.equal(today.body.translation.note, undefined);
    assert.match(today.body.devotions[0].content, /\(KJV\)/);

    const list = await plans(token);
    const johnEntry = list.find((plan) => plan.id === john)!;
    assert.deepEqual(johnEntry.progress, { isActive: false, completedDays: 1, isFinished: false });
    assert.deepEqual(list.find((plan) => plan.id === psalms)!.progress, {
      isActive: true,
      completedDays: 0,
      isFinished: false,
    });

    const resumed = await startPlan(server.url, token, john);
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.resumed, true);
    assert.equal(resumed.body.userPlan.completedDays, 1);
    const back = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(back.body.userPlan.plan.name, "Gospel of John in 21 Days");
    assert.equal(back.body.currentDay, 1);
    assert.equal(back.body.isCompleted, true, "day 1 was completed today, so it still shows as done");
  });

  test("a finished plan says so", async () => {
    const account = await seedAccount(server.url);
    const id = await planId(account.token, "sermon-on-the-mount-7-days");
    await startPlan(server.url, account.token, id);
    const db = database();
    const userPlanId = (db.prepare("select id from user_plans where user_id = ?").get(account.id) as { id: string }).id;
    const insert = db.prepare(
      "insert into user_plan_progress (id, user_plan_id, day_number, completed_at) values (?, ?, ?, ?)",
    );
    for (let day = 1; day <= 6; day++)
      insert.run(crypto.randomUUID(), userPlanId, day, Date.now() - (8 - day) * 86400000);
    db.close();
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.currentDay, 7);
    assert.equal(today.body.passages[0].reference, "Matthew 7:15-29");
    const last = await completeDay(account.token, 7);
    assert.equal(last.body.isPlanFinished, true);
    const done = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(done.body.isPlanFinished, true);
    assert.equal(done.body.isCompleted, true);
    assert.equal(done.body.currentDay, 7);
    const beyond = await completeDay(account.token, 8);
    assert.equal(beyond.status, 400);
    assert.match(beyond.body.error, /This plan has 7 days/);
  });

  test("another reader sees none of it", async () => {
    const first = await seedAccount(server.url);
    const second = await seedAccount(server.url);
    const id = await planId(first.token, "romans-16-days");
    await startPlan(server.url, first.token, id);
    await completeDay(first.token, 1);
    const theirs = await api(server.url, "/api/plans/user-plans/today", { token: second.token });
    assert.equal(theirs.body.userPlan, null);
    assert.equal(theirs.body.streak, 0);
    assert.ok((await plans(second.token)).every((plan) => plan.progress === null));
    const complete = await completeDay(second.token, 1);
    assert.equal(complete.status, 404);
    assert.match(complete.body.error, /no active reading plan/);
  });
});

describe("devotionals are generated once and shared", () => {
  test("every reader of a day gets the same cached devotionals", async () => {
    const first = await seedAccount(server.url);
    const second = await seedAccount(server.url);
    const id = await planId(first.token, "new-testament-90-days");
    for (const account of [first, second]) {
      await startPlan(server.url, account.token, id, { translation: account === first ? "NIV" : "ESV" });
    }
    const [a, b] = await Promise.all(
      [first, second].map((account) => api(server.url, "/api/plans/user-plans/today", { token: account.token })),
    );
    assert.deepEqual(a.body.devotions, b.body.devotions, "NIV and ESV both show the BSB, so they share devotionals");
    const db = database();
    const rows = db
      .prepare(
        "select level, translation, ai_provider, ai_model from devotionals d join plan_days p on p.id = d.plan_day_id where p.plan_id = ? and p.day_number = 1 order by level",
      )
      .all(id);
    db.close();
    assert.deepEqual(rows, [
      { level: "beginner", translation: "BSB", ai_provider: "builtin", ai_model: "builtin" },
      { level: "deep", translation: "BSB", ai_provider: "builtin", ai_model: "builtin" },
      { level: "intermediate", translation: "BSB", ai_provider: "builtin", ai_model: "builtin" },
    ]);
  });

  test("the Today page's own /today/devotions answers the devotionals of the plan and day it names, as the API does", async () => {
    const reader = await seedAccount(server.url);
    const id = await planId(reader.token, "romans-16-days");
    await startPlan(server.url, reader.token, id);
    const page = await fetch(`${server.url}/today/devotions`, { headers: { cookie: `sb_session=${reader.token}` } });
    assert.equal(page.status, 200);
    const late = (await page.json()) as {
      userPlanId: string;
      currentDay: number;
      shownDay: number;
      devotions: Array<{ excerpt: { title: string | null; opening: string } }>;
      devotionErrors: unknown[];
    };
    const today = (await api(server.url, "/api/plans/user-plans/today", { token: reader.token })).body;
    // The same devotionals, each with its opening lines for the page's depth cards (read on the server).
    for (const devotion of late.devotions) {
      assert.match(devotion.excerpt.title ?? "", /^Romans 1/);
      assert.ok(devotion.excerpt.opening.split(" ").length >= 10, devotion.excerpt.opening);
    }
    assert.deepEqual(
      { ...late, devotions: late.devotions.map(({ excerpt: _excerpt, ...devotion }) => devotion) },
      {
        userPlanId: today.userPlan.id,
        currentDay: 1,
        shownDay: 1,
        devotions: today.devotions,
        devotionErrors: today.devotionErrors,
      },
    );
    assert.equal(late.devotions.length, 3);
    const signedOut = await fetch(`${server.url}/today/devotions`, { redirect: "manual" });
    assert.equal(signedOut.status, 302);
    assert.equal(signedOut.headers.get("location"), "/login");
  });

  test("concurrent first views generate each devotional once", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => seedAccount(server.url)));
    const id = await planId(accounts[0]!.token, "gospels-30-days");
    for (const account of accounts) {
      await startPlan(server.url, account.token, id, { translation: "WEB" });
    }
    const answers = await Promise.all(
      accounts.map((account) => api(server.url, "/api/plans/user-plans/today", { token: account.token })),
    );
    for (const answer of answers) assert.equal(answer.body.devotions.length, 3);
    const db = database();
    const { count } = db
      .prepare(
        "select count(*) as count from devotionals d join plan_days p on p.id = d.plan_day_id where p.plan_id = ? and d.translation = 'WEB'",
      )
      .get(id) as { count: number };
    db.close();
    assert.equal(count, 3);
  });

  test("the preferred depth comes from the profile", async () => {
    const account = await seedAccount(server.url);
    const db = database();
    db.prepare(
      "insert into user_profiles (id, user_id, study_depth_preference) values (?, ?, 'advanced') on conflict (user_id) do update set study_depth_preference = 'advanced'",
    ).run(crypto.randomUUID(), account.id);
    db.close();
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.preferredLevel, "deep");
  });
});

describe("time zones", () => {
  test("the browser's zone is validated and stored by the writes, used but not stored by reads", async () => {
    const account = await seedAccount(server.url);
    const id = await planId(account.token, "romans-16-days");
    const storedZone = () => {
      const db = database();
      const row = db.prepare("select time_zone from user_profiles where user_id = ?").get(account.id) as {
        time_zone: string;
      };
      db.close();
      return row.time_zone;
    };
    const started = await startPlan(server.url, account.token, id, { timeZone: "Pacific/Auckland" });
    assert.equal(started.status, 201);
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.timeZone, "Pacific/Auckland");
    // A GET computes "today" in the zone it is sent, but never writes it.
    const viaHeader = await api(server.url, "/api/plans/user-plans/today", {
      token: account.token,
      headers: { "x-time-zone": "America/New_York" },
    });
    assert.equal(viaHeader.body.timeZone, "America/New_York");
    assert.equal(storedZone(), "Pacific/Auckland");
    const bad = await api(server.url, "/api/plans/user-plans/today", {
      token: account.token,
      headers: { "x-time-zone": "Mars/Olympus_Mons" },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /not a time zone we know/);
    // Completing a day is a write: the zone it is sent is stored.
    const completed = await api(server.url, "/api/plans/user-plans/complete", {
      method: "POST",
      token: account.token,
      headers: { "x-time-zone": "America/New_York" },
      body: { dayNumber: viaHeader.body.currentDay },
    });
    assert.equal(completed.status, 200);
    assert.equal(storedZone(), "America/New_York");
  });

  test("Today's page reports the browser's zone to /resources/time-zone: stored in canonical spelling, a bad one refused", async () => {
    const account = await seedAccount(server.url);
    const sent = await postForm(server.url, "/resources/time-zone", { timeZone: "asia/tokyo" }, account.token);
    assert.equal(sent.status, 200);
    assert.deepEqual(await sent.json(), { timeZone: "Asia/Tokyo" });
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.timeZone, "Asia/Tokyo");
    for (const [form, message] of [
      [{ timeZone: "Mars/Olympus_Mons" }, /not a time zone we know/],
      [{ timeZone: "x".repeat(10_000) }, /too long/],
      [{}, /timeZone/],
    ] as const) {
      const refused = await postForm(server.url, "/resources/time-zone", form, account.token);
      assert.equal(refused.status, 400);
      assert.match((await refused.json()).error, message);
    }
    const signedOut = await postForm(server.url, "/resources/time-zone", { timeZone: "UTC" });
    assert.notEqual(signedOut.status, 200);
    const after = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(after.body.timeZone, "Asia/Tokyo");
  });

  test("UTC when the zone is unknown", async () => {
    const { token } = await seedAccount(server.url);
    const today = await api(server.url, "/api/plans/user-plans/today", { token });
    assert.equal(today.body.timeZone, "UTC");
  });
});

describe("errors", () => {
  test("starting: bad input is a 400, an unknown plan a 404", async () => {
    const { token } = await seedAccount(server.url);
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /planId is required/],
      [{ planId: 42 }, 400, /planId is required/],
      [
        { planId: await planId(token, "romans-16-days"), translation: "MSG" },
        400,
        /translation must be one of NKJV, NIV, ESV, KJV, BSB, WEB/,
      ],
      [{ planId: "no-such-plan" }, 404, /Reading plan not found/],
      [[], 400, /expected object/i],
    ];
    for (const [body, status, message] of cases) {
      const answer = await api(server.url, "/api/plans/user-plans", { method: "POST", token, body });
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.match(answer.body.error, message);
    }
    const malformed = await api(server.url, "/api/plans/user-plans", { method: "POST", token, rawBody: "{nope" });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error, "Request body must be valid JSON");
  });

  test("a plan can be started by its slug, and the translation defaults to NKJV", async () => {
    const { token } = await seedAccount(server.url);
    const answer = await startPlan(server.url, token, "proverbs-31-days");
    assert.equal(answer.status, 201);
    assert.equal(answer.body.userPlan.translation, "NKJV");
    const lower = await startPlan(server.url, token, "romans-16-days", { translation: "kjv" });
    assert.equal(lower.body.userPlan.translation, "KJV");
  });

  test("completing: bad day numbers are a 400", async () => {
    const { token } = await seedAccount(server.url);
    await startPlan(server.url, token, "romans-16-days");
    const cases: Array<[unknown, RegExp]> = [
      [{}, /dayNumber must be a number/],
      [{ dayNumber: "1" }, /dayNumber must be a number/],
      [{ dayNumber: 1.5 }, /whole number/],
      [{ dayNumber: 0 }, /1 or more/],
      [{ dayNumber: 1, timeZone: "Nowhere/Land" }, /not a time zone we know/],
    ];
    await assertRefusals(server.url, "/api/plans/user-plans/complete", { method: "POST", token }, cases);
  });

  test("needs a session, and the right method", async () => {
    assert.equal(
      (await api(server.url, "/api/plans/user-plans", { method: "POST", body: { planId: "x" } })).status,
      401,
    );
    assert.equal((await api(server.url, "/api/plans/user-plans/today")).status, 401);
    assert.equal(
      (await api(server.url, "/api/plans/user-plans/complete", { method: "POST", body: { dayNumber: 1 } })).status,
      401,
    );
    const { token } = await seedAccount(server.url);
    assert.equal((await api(server.url, "/api/plans", { method: "POST", token, body: {} })).status, 405);
    assert.equal((await api(server.url, "/api/plans/user-plans", { token })).status, 405);
    assert.equal((await api(server.url, "/api/plans/user-plans/complete", { token })).status, 405);
  });
});
