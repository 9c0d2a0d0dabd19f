import http from "node:http";
import type { ChildProcess } from "node:child_process";
import { startServerProcess } from "./server";

export interface ClusterProcess {
  url: string;
  /** The primary (what `npm start` started). */
  child: ChildProcess;
  /** Request-log lines printed so far, each naming the worker that served it. */
  served: () => Array<{ pid: number; line: string }>;
  /** Worker pids seen serving requests whose log line matches `pattern`. */
  pidsServing: (pattern?: RegExp) => Set<number>;
  /** Sends `signal` to the primary and resolves with its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
  /** Everything printed to stderr since ready. */
  errors: () => string;
}

/**
 * `node scripts/start.mjs` (exactly `npm start`) with WORKERS worker processes on a free loopback
 * port. Which worker served what is read from the request log (LOG_REQUESTS=true prefixes each line
 * with its worker's pid under several processes): no test-only header or route.
 */
export async function startClusterProcess(
  databasePath: string,
  { workers = 2, env = {} }: { workers?: number; env?: Record<string, string | undefined> } = {},
): Promise<ClusterProcess> {
  const lines: Array<{ pid: number; line: string }> = [];
  let errors = "";
  let pending = "";
  const { child, url } = await startServerProcess(databasePath, {
    env: { WORKERS: String(workers), LOG_REQUESTS: "true", ...env },
    onOutput: (text) => {
      pending += text;
      const complete = pending.split("\n");
      pending = complete.pop()!;
      for (const line of complete) {
        const match = /^\[worker (\d+)\] (.*)$/.exec(line);
        if (match) lines.push({ pid: Number(match[1]), line: match[2]! });
      }
    },
    onErrorOutput: (text) => (errors += text),
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url,
    child,
    served: () => lines,
    pidsServing: (pattern = /./) =>
      new Set(lines.filter((entry) => pattern.test(entry.line)).map((entry) => entry.pid)),
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    exited,
    errors: () => errors,
  };
}

/** How long a wait may last before the run is taken to be stuck (minutes, not a speed bound). */
const HANG_GUARD_MS = 180_000;

/**
 * Waits until `check` holds (polling). What it waits for happens sooner or later however busy the
 * machine is, so the limit only keeps a run that is truly stuck from hanging: it is not a speed test.
 */
export async function eventually(check: () => boolean | Promise<boolean>, what = "the condition") {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One request on a connection of its own (Connection: close). The primary hands out connections,
 * not requests, round-robin: fetch's kept-alive connections would stay with one worker.
 */
export function request(
  baseUrl: string,
  pathname: string,
  { method = "GET", body, token }: { method?: string; body?: unknown; token?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, as the tests' api() does
): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(pathname, baseUrl),
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: the test sees the text.
          }
          resolve({ status: response.statusCode!, body: parsed });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
