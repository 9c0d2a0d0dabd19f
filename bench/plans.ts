/**
 * `npm run bench:plans`: how fast Today answers once a day's devotionals are cached (p50 over 200
 * requests through the real built server), and how long the built-in writer takes to write one
 * devotional the first time, per level. Prints a small table; nothing is written to disk but a
 * temporary database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { devotional } from "~/modules/ai/builtin/devotional.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { buildPlanCatalogue } from "~/modules/plans/builders";

const REQUESTS = 200;
const projectRoot = path.resolve(import.meta.dirname, "..");

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function benchToday() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-"));
  const databasePath = path.join(folder, "bench.db");
  process.env.NODE_ENV = "production";
  const { startServer } = await import(pathToFileURL(path.join(projectRoot, "build/index.js")).href);
  const server = await startServer({ port: 0, host: "127.0.0.1", databasePath, quiet: true });
  const base = `http://127.0.0.1:${server.port}`;
  const rows: Array<Record<string, unknown>> = [];
  try {
    const { token } = await json(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password" }),
    });
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    for (const slug of ["gospel-of-john-21-days", "bible-in-a-year"]) {
      await json(`${base}/api/plans/user-plans`, { method: "POST", headers, body: JSON.stringify({ planId: slug }) });
      // First view: the three devotionals are written (in parallel) and cached.
      const db = new Database(databasePath);
      db.prepare("delete from devotionals").run();
      db.close();
      let started = performance.now();
      const first = await json(`${base}/api/plans/user-plans/today`, { headers });
      const firstView = performance.now() - started;
      const timings: number[] = [];
      for (let index = 0; index < REQUESTS; index++) {
        started = performance.now();
        await json(`${base}/api/plans/user-plans/today`, { headers });
        timings.push(performance.now() - started);
      }
      rows.push({
        plan: slug,
        reading: first.references.join("; "),
        "first view ms (3 levels)": round(firstView),
        "cached p50 ms": round(percentile(timings, 50)),
        "cached p95 ms": round(percentile(timings, 95)),
        requests: REQUESTS,
      });
    }
  } finally {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

function passagesOf(references: string[]) {
  return references.map((reference) => {
    const parsed = parseReference(reference);
    if (!parsed.ok) throw new Error(parsed.message);
    return passageFromRanges(parsed.ranges, "BSB");
  });
}

function benchGeneration() {
  const catalogue = buildPlanCatalogue();
  const days = [
    ...catalogue.find((plan) => plan.slug === "gospel-of-john-21-days")!.days.slice(0, 10),
    ...catalogue.find((plan) => plan.slug === "bible-in-a-year")!.days.filter((_, index) => index % 37 === 0),
  ];
  const limits = { beginner: defaultAiSettings.beginnerWordLimit, intermediate: defaultAiSettings.intermediateWordLimit, deep: defaultAiSettings.deepStudyWordLimit };
  // Warm the Bible database and the reference parser, as a running server would be.
  devotional({ passages: passagesOf(["John 3"]), level: "beginner", wordLimit: 300, settings: defaultAiSettings });
  return (["beginner", "intermediate", "deep"] as const).map((level) => {
    const timings = days.map((day) => {
      const passages = passagesOf(day);
      const started = performance.now();
      devotional({ passages, level, wordLimit: limits[level], settings: defaultAiSettings });
      return performance.now() - started;
    });
    return { level, days: days.length, "p50 ms": round(percentile(timings, 50)), "max ms": round(Math.max(...timings)) };
  });
}

console.log("Built-in devotional, first generation (one level, one day):");
console.table(benchGeneration());
console.log(`Today (GET /api/plans/user-plans/today, built server, ${REQUESTS} sequential requests):`);
console.table(await benchToday());
