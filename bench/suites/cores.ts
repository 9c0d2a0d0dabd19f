import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { api, registerAccount, startServerProcess } from "../../tests/support/server";
import { formatCell, measureEndpoint, type LoadCell, type LoadTarget } from "../lib/load";
import type { BenchSuite } from "../run";

/** Throughput with every core over throughput with one process, per endpoint: at least this x cores. */
export const CORE_SCALING_TARGET_PER_CORE = 0.8;
/** The endpoints whose lowest ratio is the headline `coreScaling` (issue 15). */
export const CORE_SCALING_ENDPOINTS = ["today", "dashboard", "apiMe"] as const;
const CONNECTIONS = 50;
const LIBRARY_QUOTES = 40;

export interface CoresRun {
  workers: number;
  /** Processes serving (a primary and its workers, or the one process), counted in /proc while loaded. */
  processes: number | null;
  cells: Record<string, LoadCell>;
}

export interface CoresResult {
  cores: number;
  connections: number;
  single: CoresRun;
  all: CoresRun;
  /** Requests per second with WORKERS=cores over WORKERS=1, per endpoint. */
  ratios: Record<string, number>;
  /** The lowest ratio over /today, / and /api/me. */
  coreScaling: number;
  target: number;
}

const labels: Record<string, string> = {
  apiMe: "GET /api/me",
  dashboard: "GET / (dashboard)",
  today: "GET /today",
  library: `GET /library (${LIBRARY_QUOTES} items)`,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The process and its descendants (Linux /proc); empty elsewhere. */
function processTree(root: number): number[] {
  if (!fs.existsSync("/proc/self/stat")) return [];
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

const ticksPerSecond = 100;

/** CPU milliseconds used so far by the server's whole process tree (user + system), from /proc. */
function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** One reader with a plan whose devotionals are cached, and a short library, through the API. */
async function seed(url: string) {
  const reader = await registerAccount(url, "cores-reader@bench.example", "bench-password-1");
  await ok(
    api(url, "/api/onboarding/progress", { method: "PATCH", token: reader.token, body: { hasCompletedWelcome: true } }),
    "onboarding",
  );
  await ok(
    api(url, "/api/plans/user-plans", {
      method: "POST",
      token: reader.token,
      body: { planId: "gospel-of-john-21-days", timeZone: "UTC" },
    }),
    "start plan",
  );
  const today = (await ok(api(url, "/api/plans/user-plans/today", { token: reader.token }), "today")) as {
    devotions: unknown[];
  };
  if (today.devotions.length !== 3) throw new Error("Today's devotionals were not written");
  for (let index = 0; index < LIBRARY_QUOTES; index++) {
    await ok(
      api(url, "/api/sermons", {
        method: "POST",
        token: reader.token,
        body: { contentType: "quote", text: `Grace upon grace (${index})`, author: `Author ${index % 5}` },
      }),
      "library item",
    );
  }
  return reader;
}

async function startCluster(databasePath: string, workers: number) {
  const port = await freePort();
  const { child, url } = await startServerProcess(databasePath, {
    env: { WORKERS: String(workers), PORT: String(port) },
  });
  const server = {
    cpuMs: async () => treeCpuMs(child.pid!),
    profile: () => Promise.reject(new Error("no profiles of a cluster")),
  };
  return { workers, child, url, server };
}

/**
 * Both servers run at once on the same database (WAL) and each endpoint is loaded on one, then
 * straight away on the other: on a shared machine, whatever else runs then weighs on both alike.
 */
async function loadBoth(
  databasePath: string,
  cores: number,
  token: string,
): Promise<{ single: CoresRun; all: CoresRun }> {
  const runs = [await startCluster(databasePath, 1), await startCluster(databasePath, cores)];
  try {
    const results = runs.map((run) => ({
      workers: run.workers,
      processes: null as number | null,
      cells: {} as Record<string, LoadCell>,
    }));
    for (const name of ["apiMe", "dashboard", "today", "library"]) {
      for (const [index, run] of runs.entries()) {
        const cookie = { cookie: `sb_session=${token}` };
        const target: LoadTarget = {
          apiMe: { url: `${run.url}/api/me`, headers: { authorization: `Bearer ${token}` } },
          dashboard: { url: `${run.url}/`, headers: cookie },
          today: { url: `${run.url}/today`, headers: cookie },
          library: { url: `${run.url}/library`, headers: cookie },
        }[name]!;
        const [cell] = await measureEndpoint(target, run.server, undefined, [CONNECTIONS]);
        results[index]!.cells[name] = cell!;
        results[index]!.processes ??= processTree(run.child.pid!).length || null;
      }
    }
    return { single: results[0]!, all: results[1]! };
  } finally {
    await Promise.all(runs.map((run) => stop(run.child)));
  }
}

/**
 * `npm start` (scripts/start.mjs, the production entry) with WORKERS=1 and then WORKERS=<cores> on
 * the same database, under the same load: how much more one machine serves with every core.
 */
export const coresSuite: BenchSuite = {
  name: "cores",
  description: "npm start with WORKERS=1 and WORKERS=<cores>: throughput ratio per endpoint at 50 connections",
  async run(): Promise<CoresResult> {
    const cores = os.availableParallelism();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-cores-"));
    const databasePath = path.join(folder, "cores.db");
    try {
      const seeding = await startServerProcess(databasePath, { env: { WORKERS: "1" } });
      let reader: Awaited<ReturnType<typeof seed>>;
      try {
        reader = await seed(seeding.url);
      } finally {
        await stop(seeding.child);
      }
      const { single, all } = await loadBoth(databasePath, cores, reader.token);
      const ratios = Object.fromEntries(
        Object.keys(single.cells).map((name) => [
          name,
          Math.round((all.cells[name]!.rps / Math.max(1, single.cells[name]!.rps)) * 100) / 100,
        ]),
      );
      return {
        cores,
        connections: CONNECTIONS,
        single,
        all,
        ratios,
        coreScaling: Math.min(...CORE_SCALING_ENDPOINTS.map((name) => ratios[name]!)),
        target: Math.round(CORE_SCALING_TARGET_PER_CORE * cores * 100) / 100,
      };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  print(result) {
    const r = result as CoresResult;
    return [
      ...Object.keys(r.single.cells).flatMap((name) => [
        `${labels[name]}: ratio ${r.ratios[name]}`,
        `  WORKERS=1 (${r.single.processes ?? "?"} processes)  ${formatCell(r.single.cells[name]!)}`,
        `  WORKERS=${r.cores} (${r.all.processes ?? "?"} processes)  ${formatCell(r.all.cells[name]!)}`,
      ]),
      `lowest ratio over /today, /, /api/me: ${r.coreScaling} (target >= ${r.target})`,
    ];
  },
};

export const coresLabels = labels;
