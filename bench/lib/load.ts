import path from "node:path";
import autocannon from "autocannon";
import type { ChildServer } from "./children";
import { percentile } from "../../tests/support/percentile";

/** The server under test, when the bench started it: its CPU time is read around each cell. */
export type MeasuredServer = Pick<ChildServer, "cpuMs" | "profile"> & Partial<Pick<ChildServer, "mainThreadCpuMs">>;

/** One load cell: one endpoint at one connection count. Latencies in milliseconds. */
export interface LoadCell {
  connections: number;
  requests: number;
  /** Completed requests per second over the whole cell. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers outside 2xx. */
  errors: number;
  /**
   * The server process's CPU milliseconds per completed request: what one answer costs,
   * whatever else runs on the machine at the time.
   */
  cpuMsPerRequest?: number;
  /**
   * The same for the server's main thread alone: the event loop every other request waits for.
   * Work handed to the worker pool's threads is in cpuMsPerRequest but not here (Linux only).
   */
  mainThreadCpuMsPerRequest?: number;
  statusCodes: Record<string, number>;
}

export interface LoadTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /**
   * Per-connection request changes: called with the connection's own context object, so each
   * connection can act as a different user.
   */
  setupRequest?: (request: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;
}

const CONNECTION_LEVELS = [1, 10, 50] as const;

const loadSettings = {
  durationSeconds: Number(process.env.BENCH_DURATION ?? 6),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 1.5),
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function run(target: LoadTarget, connections: number, seconds: number, onResponse?: (ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        method: target.method ?? "GET",
        headers: target.headers,
        body: target.body,
        timeout: 30,
        requests: target.setupRequest ? [{ setupRequest: target.setupRequest as never }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) {
      instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
        onResponse(responseTime),
      );
    }
  });
}

/**
 * Runs autocannon against one endpoint: a short warm-up (JIT, caches), then the measured cell.
 * Latencies are kept at full resolution (autocannon's own histogram rounds to whole ms).
 */
async function measureCell(
  target: LoadTarget,
  connections: number,
  server?: MeasuredServer,
  label?: string,
): Promise<LoadCell> {
  await run(target, connections, loadSettings.warmupSeconds);
  // Answers still being worked on when the warm-up stopped must not count against the cell.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const times: number[] = [];
  // BENCH_PROFILE=<folder>: a CPU profile of the server during each measured cell.
  const stopProfile = process.env.BENCH_PROFILE && server && label ? await server.profile() : undefined;
  const cpuBefore = await server?.cpuMs();
  const mainBefore = await server?.mainThreadCpuMs?.();
  const result = await run(target, connections, loadSettings.durationSeconds, (ms) => times.push(ms));
  const cpuAfter = await server?.cpuMs();
  const mainAfter = await server?.mainThreadCpuMs?.();
  await stopProfile?.(path.resolve(process.env.BENCH_PROFILE!, `${label}-${connections}.cpuprofile`));
  const sorted = Float64Array.from(times).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    connections,
    requests: result.requests.total,
    rps: round(result.requests.total / result.duration, 0),
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    errors: result.errors + result.non2xx,
    statusCodes,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuMsPerRequest: round((cpuAfter - cpuBefore) / result.requests.total, 3) }
      : {}),
    ...(mainBefore !== undefined && mainAfter !== undefined && result.requests.total > 0
      ? { mainThreadCpuMsPerRequest: round((mainAfter - mainBefore) / result.requests.total, 3) }
      : {}),
  };
}

export async function measureEndpoint(
  target: LoadTarget,
  server?: MeasuredServer,
  label?: string,
  levels: readonly number[] = CONNECTION_LEVELS,
) {
  const cells: LoadCell[] = [];
  for (const connections of levels) cells.push(await measureCell(target, connections, server, label));
  return cells;
}

export function formatCell(cell: LoadCell) {
  const cpu =
    (cell.cpuMsPerRequest === undefined ? "" : `, server CPU ${cell.cpuMsPerRequest} ms/req`) +
    (cell.mainThreadCpuMsPerRequest === undefined ? "" : ` (main thread ${cell.mainThreadCpuMsPerRequest})`);
  return `${String(cell.connections).padStart(2)} conn: ${String(cell.rps).padStart(6)} req/s, p50 ${cell.p50} ms, p99 ${cell.p99} ms, errors ${cell.errors}${cpu}`;
}
