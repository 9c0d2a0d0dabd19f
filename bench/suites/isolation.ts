import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAi } from "../../tests/support/fake-openai";
import { startFakeSite } from "../../tests/support/fake-site";
import type { LatencySummary } from "../../tests/support/hostile";
import {
  measureOtherRequests,
  probeMeUntil,
  startHangingSite,
  type OtherRequests,
} from "../../tests/support/isolation";
import { api, registerAccount, startServerProcess } from "../../tests/support/server";
import type { BenchSuite } from "../run";

/**
 * The latency targets tests/api/worker-pool.test.ts and tests/api/faults.test.ts only log: they
 * depend on the machine, so `npm test` checks statuses and saved rows and the bench checks time.
 */
const ISOLATION_TARGETS = {
  /** Another user's /api/me p95 while two heavy pages fill both workers. */
  poolMeP95Ms: 250,
  /** ... and its slowest answer (held behind a page on the event loop, it would wait seconds). */
  poolMeMaxMs: 3000,
  /** Another user's /api/me and page-load p95 while seven AI calls and page fetches hang: at most this, or 4 x the quiet p95 on a slow machine. */
  slowCallsP95FloorMs: 200,
  slowCallsBaselineFactor: 4,
};

// The worker-pool test's page: about 1.8 s of extraction, past the 800 ms limit.
const HEAVY_PAGE = "/articles/generated?words=850000";
const SLOW_TIMEOUT_MS = 3000;

export interface IsolationResult {
  pool: { me: LatencySummary; met: boolean };
  slowCalls: { baseline: OtherRequests; during: OtherRequests; boundMs: { me: number; pages: number }; met: boolean };
  targets: typeof ISOLATION_TARGETS;
  met: boolean;
}

async function withServer<T>(env: Record<string, string>, use: (url: string) => Promise<T>): Promise<T> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-isolation-"));
  let child: ChildProcess | undefined;
  try {
    const started = await startServerProcess(path.join(folder, "isolation.db"), { env });
    child = started.child;
    return await use(started.url);
  } finally {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child!.once("exit", resolve));
    }
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function poolScenario() {
  const site = await startFakeSite();
  try {
    return await withServer(
      { ALLOW_PRIVATE_URLS: "true", WORKER_THREADS: "2", WORKER_QUEUE_MAX: "1", WORKER_TASK_TIMEOUT_MS: "800" },
      async (url) => {
        const [reader, other] = [await registerAccount(url), await registerAccount(url)];
        const heavy = Promise.all(
          [0, 1].map(() =>
            api(url, "/api/sermons/process-url", {
              method: "POST",
              token: reader.token,
              body: { url: site.url + HEAVY_PAGE },
            }),
          ),
        );
        const me = await probeMeUntil(url, other.token, heavy);
        for (const answer of await heavy)
          if (answer.status !== 422) throw new Error(`the heavy page answered ${answer.status}, not 422`);
        return { me, met: me.p95 <= ISOLATION_TARGETS.poolMeP95Ms && me.max <= ISOLATION_TARGETS.poolMeMaxMs };
      },
    );
  } finally {
    await site.close();
  }
}

async function slowCallsScenario() {
  const fake = await startFakeOpenAi();
  const site = await startHangingSite();
  try {
    const env = {
      OPENAI_API_KEY: "bench-key",
      OPENAI_BASE_URL: fake.baseUrl,
      AI_TIMEOUT_MS: String(SLOW_TIMEOUT_MS),
      CONTENT_FETCH_TIMEOUT_MS: String(SLOW_TIMEOUT_MS),
      ALLOW_PRIVATE_URLS: "true",
    };
    return await withServer(env, async (url) => {
      const users = [await registerAccount(url), await registerAccount(url), await registerAccount(url)];
      const reader = await registerAccount(url);
      await api(url, "/api/plans/user-plans", {
        method: "POST",
        token: users[0]!.token,
        body: { planId: "romans-16-days" },
      });
      const baseline = await measureOtherRequests(url, reader.token, 800);
      fake.fallback = () => ({ hang: true });
      const inFlight = [
        api(url, "/api/studies/topic", { method: "POST", token: users[0]!.token, body: { topic: "Patience" } }),
        api(url, "/api/studies/passage", { method: "POST", token: users[0]!.token, body: { reference: "Psalm 23" } }),
        api(url, "/api/studies/topic", { method: "POST", token: users[1]!.token, body: { topic: "Hope" } }),
        api(url, "/api/sermons/process-url", {
          method: "POST",
          token: users[1]!.token,
          body: { url: `${site.url}/never` },
        }),
        api(url, "/api/sermons/process-url", {
          method: "POST",
          token: users[2]!.token,
          body: { url: `${site.url}/never?again` },
        }),
        api(url, "/api/sermons/process-url", {
          method: "POST",
          token: users[2]!.token,
          body: { url: `${site.url}/article` },
        }),
        api(url, "/api/plans/user-plans/today", { token: users[0]!.token }),
      ];
      await new Promise((resolve) => setTimeout(resolve, 150));
      const during = await measureOtherRequests(url, reader.token, SLOW_TIMEOUT_MS - 600);
      await Promise.all(inFlight);
      const bound = (quiet: number) =>
        Math.max(ISOLATION_TARGETS.slowCallsP95FloorMs, ISOLATION_TARGETS.slowCallsBaselineFactor * quiet);
      const boundMs = { me: bound(baseline.me.p95), pages: bound(baseline.pages.p95) };
      return { baseline, during, boundMs, met: during.me.p95 <= boundMs.me && during.pages.p95 <= boundMs.pages };
    });
  } finally {
    await fake.close();
    await site.close();
  }
}

export const isolationSuite: BenchSuite = {
  name: "isolation",
  description: "another user's requests while the worker pool is full and while AI calls and page fetches hang (ms)",
  async run(): Promise<IsolationResult> {
    const pool = await poolScenario();
    const slowCalls = await slowCallsScenario();
    const met = pool.met && slowCalls.met;
    // A missed target fails the run (the figures are still written).
    if (!met) process.exitCode = 1;
    return { pool, slowCalls, targets: ISOLATION_TARGETS, met };
  },
  print(result) {
    const r = result as IsolationResult;
    const flag = (ok: boolean) => (ok ? "met" : "MISSED");
    const line = (label: string, s: LatencySummary) =>
      `${label}: p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (${s.n})`;
    return [
      `${line("worker pool full: another user's GET /api/me", r.pool.me)}; target p95 <= ${r.targets.poolMeP95Ms} ms, max <= ${r.targets.poolMeMaxMs} ms: ${flag(r.pool.met)}`,
      `${line("quiet: GET /api/me", r.slowCalls.baseline.me)}; ${line("pages", r.slowCalls.baseline.pages)}`,
      `${line("7 slow calls hanging: GET /api/me", r.slowCalls.during.me)}; ${line("pages", r.slowCalls.during.pages)}`,
      `target p95 <= ${r.slowCalls.boundMs.me} ms (/api/me) and ${r.slowCalls.boundMs.pages} ms (pages): ${flag(r.slowCalls.met)}`,
    ];
  },
};
