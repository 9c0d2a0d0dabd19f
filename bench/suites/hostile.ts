import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeSite } from "../../tests/support/fake-site";
import { HOSTILE_UNITS } from "../../tests/support/hostile-text";
import {
  BENCH_SIZES,
  DEFAULT_SEED,
  HOSTILE_PAGES,
  hostileCases,
  runCases,
  runHostilePages,
  startHostileServer,
  startMeProbe,
  type LatencySummary,
  type PageResult,
} from "../../tests/support/hostile";
import { seededRandom } from "../../tests/support/random";
import { registerAccount } from "../../tests/support/server";
import type { BenchSuite } from "../run";

const QUIET_SECONDS = Number(process.env.BENCH_HOSTILE_QUIET_SECONDS ?? 10);
const HOSTILE_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 45);
/** Hostile p95 of another user's /api/me over its quiet p95. */
const HOSTILE_RATIO_TARGET = 2;

export interface HostileResult {
  seed: number;
  quiet: LatencySummary;
  hostile: LatencySummary;
  ratio: number;
  target: string;
  hostileSeconds: number;
  requests: { sent: number; planned: number; failures: number; restarts: number; units: number };
  /** The first failures, with their case (route, field, frame, character and size). */
  failures: string[];
  slowest: { label: string; ms: number; status: number }[];
  pages: PageResult[];
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Another user's GET /api/me, one request at a time, first on a quiet server and then while two
 * senders attack it: one with every character in every frame on every field of every route
 * (bodies of 250k to 1 MB), the other with the hostile pages through process-url, over and over.
 * The server is npm start's, in its own process; one that freezes is restarted (and counted).
 */
export const hostileSuite: BenchSuite = {
  name: "hostile",
  description: "another user's GET /api/me, quiet and under hostile input (ms)",
  async run(): Promise<HostileResult> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-hostile-"));
    const server = await startHostileServer(path.join(folder, "hostile.db"));
    const site = await startFakeSite();
    try {
      const admin = await registerAccount(server.url);
      const user = await registerAccount(server.url);
      const bystander = await registerAccount(server.url);
      const pagesUser = await registerAccount(server.url);
      for (const page of HOSTILE_PAGES) await (await fetch(site.url + page.path)).arrayBuffer();

      const quietProbe = startMeProbe(server, bystander.token);
      await sleep(QUIET_SECONDS * 1000);
      const quiet = await quietProbe.stop();

      // Every field gets every frame twice over; the characters rotate through the whole set.
      const random = seededRandom(DEFAULT_SEED);
      const cases = hostileCases({ seed: DEFAULT_SEED, unitsPerField: 8, sizes: BENCH_SIZES })
        .map((hostile) => ({ hostile, order: random() }))
        .sort((a, b) => a.order - b.order)
        .map(({ hostile }) => hostile);
      const deadline = performance.now() + HOSTILE_SECONDS * 1000;
      const shouldStop = () => performance.now() > deadline;
      const probe = startMeProbe(server, bystander.token);
      const started = performance.now();
      const pages: PageResult[] = [];
      let pageRestarts = 0;
      const [run] = await Promise.all([
        runCases(server, cases, { admin: admin.token, user: user.token }, { shouldStop, timeBounds: true }),
        (async () => {
          while (!shouldStop()) {
            for (const page of HOSTILE_PAGES) {
              if (shouldStop()) break;
              const { results, restarts } = await runHostilePages(server, site.url, pagesUser.token, [page], {
                timeBounds: true,
              });
              pages.push(...results);
              pageRestarts += restarts;
            }
          }
        })(),
      ]);
      const hostileSeconds = Math.round((performance.now() - started) / 100) / 10;
      const hostile = await probe.stop();
      const pageFailures = pages
        .filter((page) => page.problems.length > 0)
        .map((page) => `${page.path} -> ${page.status || "no answer"} in ${page.ms} ms: ${page.problems.join("; ")}`);
      return {
        seed: DEFAULT_SEED,
        quiet,
        hostile,
        ratio: Math.round((hostile.p95 / Math.max(0.1, quiet.p95)) * 100) / 100,
        target: `hostile p95 <= ${HOSTILE_RATIO_TARGET} x quiet p95`,
        hostileSeconds,
        requests: {
          sent: run.sent + pages.length,
          planned: cases.length,
          failures: run.failures.length + pageFailures.length,
          restarts: run.restarts + pageRestarts,
          units: HOSTILE_UNITS.request.length,
        },
        failures: [
          ...new Set([
            ...pageFailures,
            ...run.failures.map(
              (failure) =>
                `${failure.label} -> ${failure.status || "no answer"} in ${Math.round(failure.ms)} ms: ${failure.problems.join("; ")}`,
            ),
          ]),
        ].slice(0, 20),
        slowest: run.slowest,
        pages: summarizePages(pages),
      };
    } finally {
      await site.close();
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  print(result) {
    const r = result as HostileResult;
    return [
      `GET /api/me of another user: quiet p50 ${r.quiet.p50} ms, p95 ${r.quiet.p95} ms, max ${r.quiet.max} ms (${r.quiet.n} probes); ` +
        `under hostile load p50 ${r.hostile.p50} ms, p95 ${r.hostile.p95} ms, max ${r.hostile.max} ms (${r.hostile.n} probes, ${r.hostile.timeouts} without an answer)`,
      `ratio ${r.ratio} (target <= ${HOSTILE_RATIO_TARGET}); ${r.requests.sent} hostile requests in ${r.hostileSeconds} s, ${r.requests.failures} failed, ${r.requests.restarts} server restarts`,
      ...r.failures.slice(0, 10).map((failure) => `failed: ${failure}`),
    ];
  },
};

/** The slowest answer per hostile page (the pages are sent over and over). */
function summarizePages(pages: PageResult[]) {
  const slowest = new Map<string, PageResult>();
  for (const page of pages) {
    const known = slowest.get(page.path);
    if (!known || page.ms > known.ms) slowest.set(page.path, page);
  }
  return [...slowest.values()];
}
