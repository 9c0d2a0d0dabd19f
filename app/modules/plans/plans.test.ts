import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { users } from "#db/schema";
import type { AiProvider } from "~/modules/ai/provider";
import { defaultAiSettings } from "~/modules/ai/settings";
import { getDb, migrateDatabase, openDatabase } from "~/db.server";
import { seedDatabase } from "~/server/startup.server";
import { AiError } from "~/utils/errors";
import { devotionalSettingsKey, getDayDevotions, getDevotion } from "./devotionals.server";
import { listPlans, startPlan } from "./catalogue.server";
import { completeDay, getToday } from "./today.server";
import { seedReadingPlans } from "./seed.server";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";

before(async () => {
  const db = openDatabase(":memory:");
  await migrateDatabase(db);
  seedDatabase(db);
});

let counter = 0;
function newUser() {
  counter += 1;
  return getDb()
    .insert(users)
    .values({ email: `reader-${counter}@example.com`, passwordHash: "x" })
    .returning({ id: users.id })
    .get().id;
}

function planIdOf(slug: string) {
  return listPlans(newUser()).find((plan) => plan.slug === slug)!.id;
}

/** A provider that counts calls and answers after a delay, or once `wait` settles, to see concurrency. */
function countingProvider(
  wait: number | Promise<unknown> = 30,
  name: AiProvider["name"] = "openai",
): AiProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    name,
    model: typeof wait === "number" ? `test-model-${wait}` : "test-model-gated",
    calls,
    lessonFromTopic: () => Promise.reject(new Error("unused")),
    lessonFromPassage: () => Promise.reject(new Error("unused")),
    summarize: () => Promise.reject(new Error("unused")),
    devotional: async ({ passages, level }) => {
      calls.push(`${passages[0]!.reference}|${level}`);
      await (typeof wait === "number" ? new Promise((resolve) => setTimeout(resolve, wait)) : wait);
      return { content: `## ${passages[0]!.reference} (${level})\n\nA devotional.` };
    },
  };
}

describe("seeding", () => {
  test("is idempotent and skips existing plans", () => {
    const db = getDb();
    const count = () =>
      db.$client
        .prepare("select (select count(*) from reading_plans) as plans, (select count(*) from plan_days) as days")
        .get();
    const before = count();
    assert.deepEqual(seedReadingPlans(db), { added: [] });
    assert.deepEqual(count(), before);
    seedDatabase(db);
    assert.deepEqual(count(), before, "a start with every plan present changes nothing");
  });

  test("re-adds a plan that is missing", () => {
    const db = getDb();
    db.$client.prepare("delete from reading_plans where slug = 'romans-16-days'").run();
    assert.deepEqual(seedReadingPlans(db), { added: ["romans-16-days"] });
    const days = db.$client
      .prepare(
        "select count(*) as count from plan_days d join reading_plans p on p.id = d.plan_id where p.slug = 'romans-16-days'",
      )
      .get() as { count: number };
    assert.equal(days.count, 16);
  });
});

describe("Today with an injected clock", () => {
  test("complete at 23:30 in New York, next devotional after local midnight", async () => {
    const userId = newUser();
    const provider = countingProvider(0);
    const timeZone = "America/New_York";
    startPlan(
      userId,
      { planId: planIdOf("gospel-of-john-21-days"), translation: "NKJV" },
      { now: new Date("2025-06-01T12:00:00Z") },
    );

    // 2025-06-02T03:30Z is 23:30 on June 1 in New York.
    const evening = new Date("2025-06-02T03:30:00Z");
    const done = completeDay(userId, { dayNumber: 1 }, { now: evening, timeZone });
    assert.equal(done.streak, 1);

    const lateEvening = await getToday(userId, { now: new Date("2025-06-02T03:59:00Z"), timeZone, provider });
    assert.deepEqual([lateEvening.currentDay, lateEvening.isCompleted], [1, true]);
    assert.equal(lateEvening.today, "2025-06-01");

    const afterMidnight = await getToday(userId, { now: new Date("2025-06-02T04:01:00Z"), timeZone, provider });
    assert.deepEqual([afterMidnight.currentDay, afterMidnight.isCompleted, afterMidnight.streak], [2, false, 1]);
    assert.equal(afterMidnight.passages[0]!.reference, "John 2");

    const nextEvening = new Date("2025-06-03T02:00:00Z");
    assert.equal(completeDay(userId, { dayNumber: 2 }, { now: nextEvening, timeZone }).streak, 2);

    // Two days pass without reading: the streak is gone, the plan waits on day 3.
    const later = await getToday(userId, { now: new Date("2025-06-05T16:00:00Z"), timeZone, provider });
    assert.deepEqual([later.currentDay, later.isCompleted, later.streak], [3, false, 0]);
  });

  test("an earlier day can be read again; a day not yet open shows today's", async () => {
    const userId = newUser();
    const provider = countingProvider(0);
    const timeZone = "UTC";
    startPlan(
      userId,
      { planId: planIdOf("gospel-of-john-21-days"), translation: "BSB" },
      { now: new Date("2025-06-01T08:00:00Z") },
    );
    completeDay(userId, { dayNumber: 1 }, { now: new Date("2025-06-01T09:00:00Z"), timeZone });
    const now = new Date("2025-06-02T09:00:00Z");
    const past = await getToday(userId, { now, timeZone, provider, day: 1 });
    assert.deepEqual([past.currentDay, past.shownDay, past.isCompleted], [2, 1, true]);
    assert.equal(past.passages[0]!.reference, "John 1");
    assert.equal(past.passages[0]!.verses[0]!.start, "paragraph");
    const ahead = await getToday(userId, { now, timeZone, provider, day: 5 });
    assert.deepEqual([ahead.shownDay, ahead.isCompleted, ahead.passages[0]!.reference], [2, false, "John 2"]);
  });

  test("the same completions read in UTC give a different day", async () => {
    const userId = newUser();
    startPlan(
      userId,
      { planId: planIdOf("romans-16-days"), translation: "KJV" },
      { now: new Date("2025-06-01T00:00:00Z") },
    );
    completeDay(userId, { dayNumber: 1 }, { now: new Date("2025-06-02T03:30:00Z"), timeZone: "UTC" });
    const provider = countingProvider(0);
    const now = new Date("2025-06-02T03:45:00Z");
    assert.equal((await getToday(userId, { now, timeZone: "UTC", provider })).isCompleted, true);
    const seenFromLosAngeles = await getToday(userId, {
      now: new Date("2025-06-02T07:30:00Z"),
      timeZone: "America/Los_Angeles",
      provider,
    });
    assert.equal(seenFromLosAngeles.isCompleted, false, "it is June 2 in Los Angeles, a day after the reading");
    assert.equal(seenFromLosAngeles.currentDay, 2);
  });

  test("concurrent completion calls insert once", async () => {
    const userId = newUser();
    startPlan(userId, { planId: planIdOf("proverbs-31-days"), translation: "NKJV" });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        Promise.resolve().then(() => completeDay(userId, { dayNumber: 1 }, { timeZone: "UTC" })),
      ),
    );
    assert.equal(results.filter((result) => !result.alreadyCompleted).length, 1);
    const rows = getDb()
      .$client.prepare(
        "select count(*) as count from user_plan_progress p join user_plans u on u.id = p.user_plan_id where u.user_id = ?",
      )
      .get(userId) as { count: number };
    assert.equal(rows.count, 1);
    assert.throws(
      () =>
        getDb()
          .$client.prepare(
            "insert into user_plan_progress (id, user_plan_id, day_number) select ?, user_plan_id, day_number from user_plan_progress p join user_plans u on u.id = p.user_plan_id where u.user_id = ?",
          )
          .run(crypto.randomUUID(), userId),
      /UNIQUE constraint failed/,
      "the database itself refuses a second row for the same day",
    );
  });
});

describe("devotional cache", () => {
  function dayOf(slug: string, dayNumber: number) {
    return getDb()
      .$client.prepare(
        "select d.id, d.references_json as refs from plan_days d join reading_plans p on p.id = d.plan_id where p.slug = ? and d.day_number = ?",
      )
      .get(slug, dayNumber) as { id: string; refs: string };
  }
  function passagesOf(refs: string) {
    return (JSON.parse(refs) as string[]).map((reference) => {
      const parsed = parseReference(reference);
      assert.ok(parsed.ok);
      return passageFromRanges(parsed.ranges, "BSB");
    });
  }

  test("concurrent requests for one devotional generate it once; others are not blocked", async () => {
    let release!: () => void;
    const slow = countingProvider(new Promise<void>((resolve) => (release = resolve)));
    const day = dayOf("gospel-of-john-21-days", 5);
    const other = dayOf("gospel-of-john-21-days", 6);
    const settings = defaultAiSettings;
    let sameSettled = false;
    const same = Promise.all(
      Array.from({ length: 6 }, () =>
        getDevotion({ planDayId: day.id, passages: passagesOf(day.refs), level: "beginner", provider: slow, settings }),
      ),
    ).finally(() => (sameSettled = true));
    // A different devotional, asked for while the first is being written, is not queued behind it:
    // the first one's provider does not answer until the second is done.
    const fast = countingProvider(5);
    const otherResult = await getDevotion({
      planDayId: other.id,
      passages: passagesOf(other.refs),
      level: "beginner",
      provider: fast,
      settings,
    });
    assert.equal(sameSettled, false, "the other devotional did not wait for the slow one");
    release();
    assert.match(otherResult.content, /John 6/);
    const results = await same;
    assert.equal(slow.calls.length, 1);
    assert.ok(results.every((result) => result.content === results[0]!.content));
    // Cached now: no further generation.
    await getDevotion({
      planDayId: day.id,
      passages: passagesOf(day.refs),
      level: "beginner",
      provider: slow,
      settings,
    });
    assert.equal(slow.calls.length, 1);
  });

  test("a different setting, model or level is a different devotional", () => {
    const provider = { name: "builtin" as const, model: "builtin" };
    const base = devotionalSettingsKey(provider, defaultAiSettings, "beginner");
    assert.equal(devotionalSettingsKey(provider, { ...defaultAiSettings }, "beginner"), base);
    assert.notEqual(devotionalSettingsKey(provider, { ...defaultAiSettings, tone: "Formal" }, "beginner"), base);
    assert.notEqual(
      devotionalSettingsKey(provider, { ...defaultAiSettings, beginnerWordLimit: 200 }, "beginner"),
      base,
    );
    assert.equal(
      devotionalSettingsKey(provider, { ...defaultAiSettings, deepStudyWordLimit: 1000 }, "beginner"),
      base,
      "another level's limit does not matter",
    );
    assert.notEqual(devotionalSettingsKey({ name: "openai", model: "gpt-4o" }, defaultAiSettings, "beginner"), base);
  });

  test("a failed generation saves nothing and is retried", async () => {
    const day = dayOf("romans-16-days", 3);
    let attempts = 0;
    const flaky: AiProvider = {
      ...countingProvider(0),
      devotional: async () => {
        attempts += 1;
        if (attempts === 1) throw new AiError("The AI provider failed (HTTP 500). Please try again.");
        return { content: "## Romans 3\n\nGrace." };
      },
    };
    // The same day asked for twice: the second call generates only what the first could not.
    const devotions = () =>
      getDayDevotions({
        planDayId: day.id,
        passages: passagesOf(day.refs),
        provider: flaky,
        settings: defaultAiSettings,
      });
    const first = await devotions();
    assert.equal(first.failures.length, 1);
    assert.match(first.failures[0]!.error, /AI provider failed/);
    assert.equal(first.devotions.length, 2);
    const stored = getDb()
      .$client.prepare("select count(*) as count from devotionals where plan_day_id = ?")
      .get(day.id) as { count: number };
    assert.equal(stored.count, 2);
    const second = await devotions();
    assert.equal(second.failures.length, 0);
    assert.equal(second.devotions.length, 3);
  });
});

describe("listPlans: what a reader chooses by", () => {
  test("each plan says what it covers in plain words and about how long a day's reading takes", () => {
    const plans = new Map(listPlans(newUser()).map((plan) => [plan.slug, plan]));
    const sizes = Object.fromEntries(
      [...plans].map(([slug, plan]) => [slug, { covers: plan.covers, minutesPerDay: plan.minutesPerDay }]),
    );
    assert.deepEqual(sizes, {
      "sermon-on-the-mount-7-days": { covers: "Matthew 5-7", minutesPerDay: 2 },
      "romans-16-days": { covers: "All of Romans", minutesPerDay: 3 },
      "gospel-of-john-21-days": { covers: "All of John", minutesPerDay: 5 },
      "psalms-30-days": { covers: "All of Psalms", minutesPerDay: 10 },
      "gospels-30-days": { covers: "Matthew to John", minutesPerDay: 16 },
      "proverbs-31-days": { covers: "All of Proverbs", minutesPerDay: 4 },
      "new-testament-90-days": { covers: "Matthew to Revelation", minutesPerDay: 11 },
      "bible-in-a-year": { covers: "Genesis to Revelation", minutesPerDay: 11 },
    });
  });
});
