import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { registerAccount } from "../../tests/support/server";
import { authorFloodZip, bigJsonZip, lyingZip } from "../../tests/support/hostile-zips";
import { largeAccountData } from "../lib/large-account";
import { projectRoot } from "../lib/children";
import type { BenchSuite } from "../run";
import { summarize } from "../stats";

/**
 * Issue 27's import attacks against `npm start` with WORKERS=2: while one account imports a file,
 * another signs in and reads /api/me over and over (a new connection each time, so both worker
 * processes serve it). Reported per file: the import's answer and time, how long the other
 * user's requests took (the slowest is how long they waited), how many of them failed, and the
 * peak memory (RSS) of all the server's processes.
 *
 * IMPORT_PROBE_ROOT=/path/to/another/checkout runs the same probe against that checkout's build
 * (how the "before" figures in docs/adr/0016 were taken).
 */
const root = process.env.IMPORT_PROBE_ROOT ?? projectRoot;
/** The "before" server took 148 s on the 4 MB lying zip: the probe waits that long and more. */
const IMPORT_TIMEOUT_MS = 240_000;
/** Another user's request that waits this long is counted as unanswered. */
const OTHER_TIMEOUT_MS = 60_000;

interface CaseResult {
  status: number;
  error?: string;
  importMs: number;
  other: { requests: number; failed: number; statuses: Record<string, number>; p95Ms: number; maxMs: number };
  rssMb: { before: number; peak: number };
}

export interface ImportProbeResult {
  root: string;
  largestRealExport: { jsonBytes: number; zipBytes: number };
  cases: Record<string, CaseResult>;
  exportOfLargest?: { status: number; ms: number; zipBytes: number };
}

/** A process and its descendants, from /proc (Linux). */
function treePids(rootPid: number) {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** RSS of a process and its descendants, in MB. */
function treeRssMb(rootPid: number) {
  let kb = 0;
  for (const pid of treePids(rootPid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return Math.round(kb / 1024);
}

function send(
  baseUrl: string,
  pathname: string,
  {
    method = "GET",
    token,
    body,
    type,
    timeoutMs = IMPORT_TIMEOUT_MS,
  }: { method?: string; token?: string; body?: Uint8Array | string; type?: string; timeoutMs?: number } = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = http.request(
      new URL(pathname, baseUrl),
      {
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined
            ? { "content-type": type ?? "application/json", "content-length": Buffer.byteLength(body) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function startServer(databasePath: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      WORKERS: "2",
      REGISTER_MAX_PER_IP: "100000",
      IMPORTS_PER_HOUR: "1000",
      EXPORTS_PER_HOUR: "1000",
      OPEN_LIBRARY_URL: "http://127.0.0.1:9",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.resume();
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
}

type Account = Awaited<ReturnType<typeof registerAccount>>;

async function runCase(
  url: string,
  pid: number,
  zip: Uint8Array,
  importer: Account,
  other: Account,
): Promise<CaseResult> {
  const rssBefore = treeRssMb(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 100);
  let done = false;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const otherLoop = (async () => {
    for (let index = 0; !done; index++) {
      const started = performance.now();
      let status: string;
      try {
        const answer =
          index % 2 === 0
            ? await send(url, "/api/me", { token: other.token, timeoutMs: OTHER_TIMEOUT_MS })
            : await send(url, "/api/auth/login", {
                method: "POST",
                body: JSON.stringify({ email: other.email, password: other.password }),
                timeoutMs: OTHER_TIMEOUT_MS,
              });
        status = String(answer.status);
      } catch {
        status = "no answer";
      }
      times.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  let status = 0;
  let error: string | undefined;
  try {
    const answer = await send(url, "/api/import", {
      method: "POST",
      token: importer.token,
      body: zip,
      type: "application/zip",
    });
    status = answer.status;
    if (status !== 200) error = (JSON.parse(answer.text) as { error?: string }).error;
  } catch (failure) {
    error = String(failure);
  }
  const importMs = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 500));
  done = true;
  await otherLoop;
  clearInterval(sampler);
  const latency = summarize(times, []);
  return {
    status,
    ...(error ? { error } : {}),
    importMs,
    other: {
      requests: times.length,
      failed: Object.entries(statuses)
        .filter(([code]) => !(Number(code) < 500))
        .reduce((sum, [, count]) => sum + count, 0),
      statuses,
      p95Ms: latency.p95,
      maxMs: Math.round(Math.max(...times)),
    },
    rssMb: { before: rssBefore, peak },
  };
}

export const importsSuite: BenchSuite = {
  name: "import",
  aliases: ["imports"],
  description: "hostile and large imports under WORKERS=2: other users' wait, failures and peak memory",
  async run(): Promise<ImportProbeResult> {
    const large = JSON.stringify(largeAccountData(), null, 2);
    const largeZip = zipSync({ "data.json": strToU8(large) }, { level: 6 });
    // The author flood last: on the old importer it held the write lock for minutes.
    const files: Record<string, Uint8Array> = {
      "lying zip, 4 MB (declares 99 MB, inflates to 4 GB)": lyingZip(4 * 1024 * 1024, 99 * 1024 * 1024).bytes,
      "honest zip of 99 MB of JSON": bigJsonZip(99 * 1024 * 1024),
      "largest real export (5,000 items, 1,000 lessons)": largeZip,
      "18,000 authors": authorFloodZip(18_000),
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-import-"));
    const { url, child } = await startServer(path.join(folder, "import.db"));
    try {
      // Every account is made first: the old importer's lock made sign-ups fail after the flood.
      const accounts = [];
      for (let index = 0; index <= Object.keys(files).length * 2; index++) accounts.push(await registerAccount(url));
      const owner = accounts.pop()!;
      const cases: Record<string, CaseResult> = {};
      for (const [name, zip] of Object.entries(files)) {
        console.log(`   ${name} (${Math.round(zip.length / 1024)} KB)...`);
        cases[name] = await runCase(url, child.pid!, zip, accounts.pop()!, accounts.pop()!);
        console.log(`   ${JSON.stringify(cases[name])}`);
      }
      // The largest account's export, as its owner downloads it.
      let exportOfLargest: ImportProbeResult["exportOfLargest"];
      const imported = await send(url, "/api/import", {
        method: "POST",
        token: owner.token,
        body: largeZip,
        type: "application/zip",
      });
      if (imported.status === 200) {
        const started = performance.now();
        const answer = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
          http
            .get(
              new URL("/api/export", url),
              { agent: false, headers: { authorization: `Bearer ${owner.token}` } },
              (response) => {
                let bytes = 0;
                response.on("data", (chunk: Buffer) => (bytes += chunk.length));
                response.on("end", () => resolve({ status: response.statusCode!, bytes }));
              },
            )
            .on("error", reject);
        });
        exportOfLargest = {
          status: answer.status,
          ms: Math.round(performance.now() - started),
          zipBytes: answer.bytes,
        };
      }
      return {
        root: path.relative(projectRoot, root) || ".",
        largestRealExport: { jsonBytes: Buffer.byteLength(large), zipBytes: largeZip.length },
        cases,
        exportOfLargest,
      };
    } finally {
      // Every process of the server at once: one stuck in a long transaction would not drain.
      for (const pid of treePids(child.pid!)) process.kill(pid, "SIGKILL");
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  print(result) {
    const { largestRealExport, cases, exportOfLargest } = result as ImportProbeResult;
    return [
      `largest real export: data.json ${(largestRealExport.jsonBytes / 1048576).toFixed(1)} MB, zip ${(largestRealExport.zipBytes / 1048576).toFixed(1)} MB`,
      ...Object.entries(cases).map(
        ([name, row]) =>
          `${name}: ${row.status}${row.error ? ` (${row.error.slice(0, 80)})` : ""} in ${row.importMs} ms; other user ${row.other.requests} requests, ${row.other.failed} failed, p95 ${row.other.p95Ms} ms, max ${row.other.maxMs} ms; RSS ${row.rssMb.before} -> ${row.rssMb.peak} MB`,
      ),
      ...(exportOfLargest
        ? [
            `export of the largest account: ${exportOfLargest.status} in ${exportOfLargest.ms} ms (${(exportOfLargest.zipBytes / 1048576).toFixed(1)} MB)`,
          ]
        : []),
    ];
  },
};
