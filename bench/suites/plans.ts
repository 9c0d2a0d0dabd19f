import Database from "better-sqlite3";
import type { BenchSuite } from "../run";
import { httpFixture } from "../lib/fixture";
import { summarize } from "../stats";

const REQUESTS = 200;
const PLANS = ["gospel-of-john-21-days", "bible-in-a-year"] as const;
const round = (value: number) => Math.round(value * 10) / 10;

interface PlansResult {
  generation: Array<{ level: string; days: number; p50Ms: number; maxMs: number }>;
  today: Array<{
    plan: string;
    reading: string;
    firstViewMs: number;
    cachedP50Ms: number;
    cachedP95Ms: number;
    requests: number;
  }>;
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Reading plans: how long the built-in writer takes to write one devotional the first time, per
 * level (in this process), and GET /api/plans/user-plans/today through the real server: the
 * first view of a day (three devotionals written in parallel and cached) and then cached
 * (sequential requests).
 */
export const plansSuite: BenchSuite = {
  name: "plans",
  description: `built-in devotional generation per level; Today's API, first view and cached (${REQUESTS} sequential requests)`,
  async run(): Promise<PlansResult> {
    const { devotional } = await import("~/modules/ai/builtin/devotional.server");
    const { defaultAiSettings } = await import("~/modules/ai/settings");
    const { passageFromRanges } = await import("~/modules/bible/passages.server");
    const { parseReference } = await import("~/modules/bible/references.server");
    const { buildPlanCatalogue } = await import("~/modules/plans/builders");

    const passagesOf = (references: string[]) =>
      references.map((reference) => {
        const parsed = parseReference(reference);
        if (!parsed.ok) throw new Error(parsed.message);
        return passageFromRanges(parsed.ranges, "BSB");
      });
    const catalogue = buildPlanCatalogue();
    const days = [
      ...catalogue.find((plan) => plan.slug === "gospel-of-john-21-days")!.days.slice(0, 10),
      ...catalogue.find((plan) => plan.slug === "bible-in-a-year")!.days.filter((_, index) => index % 37 === 0),
    ];
    const limits = {
      beginner: defaultAiSettings.beginnerWordLimit,
      intermediate: defaultAiSettings.intermediateWordLimit,
      deep: defaultAiSettings.deepStudyWordLimit,
    };
    // Warm the Bible database and the reference parser, as a running server has them.
    devotional({ passages: passagesOf(["John 3"]), level: "beginner", wordLimit: 300, settings: defaultAiSettings });
    const generation = (["beginner", "intermediate", "deep"] as const).map((level) => {
      const times = days.map((day) => {
        const passages = passagesOf(day);
        const started = performance.now();
        devotional({ passages, level, wordLimit: limits[level], settings: defaultAiSettings });
        return performance.now() - started;
      });
      return { level, days: days.length, p50Ms: summarize(times, times).p50, maxMs: round(Math.max(...times)) };
    });

    const fixture = await httpFixture();
    const base = fixture.app.url;
    const { token } = await json(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `plans-${Date.now()}@bench.example`, password: "bench-password-1" }),
    });
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const today: PlansResult["today"] = [];
    for (const slug of PLANS) {
      await json(`${base}/api/plans/user-plans`, { method: "POST", headers, body: JSON.stringify({ planId: slug }) });
      // The day's devotionals are removed so the first view writes them again.
      const db = new Database(fixture.databasePath);
      db.prepare("delete from devotionals").run();
      db.close();
      let started = performance.now();
      const first = await json(`${base}/api/plans/user-plans/today`, { headers });
      const firstViewMs = performance.now() - started;
      const times: number[] = [];
      for (let index = 0; index < REQUESTS; index++) {
        started = performance.now();
        await json(`${base}/api/plans/user-plans/today`, { headers });
        times.push(performance.now() - started);
      }
      const timing = summarize(times, times);
      today.push({
        plan: slug,
        reading: first.references.join("; "),
        firstViewMs: round(firstViewMs),
        cachedP50Ms: timing.p50,
        cachedP95Ms: timing.p95,
        requests: REQUESTS,
      });
    }
    return { generation, today };
  },
  print(result) {
    const r = result as PlansResult;
    return [
      ...r.generation.map(
        (row) => `built-in devotional, ${row.level} (${row.days} days): p50 ${row.p50Ms} ms, max ${row.maxMs} ms`,
      ),
      ...r.today.map(
        (row) =>
          `Today API, ${row.plan} (${row.reading}): first view ${row.firstViewMs} ms (3 levels), cached p50 ${row.cachedP50Ms} ms, p95 ${row.cachedP95Ms} ms`,
      ),
    ];
  },
};
