import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { MessagePort } from "node:worker_threads";
import { AppError, ServiceBusyError } from "~/utils/errors";

/**
 * One kind of CPU-heavy work, declared by the domain module that owns it (`satisfies PoolTask`).
 * Its input and output are plain data: they cross to a worker thread by structured clone.
 */
export interface PoolTask<Input = never, Output = unknown> {
  /** What the workers know it by: every task is listed in their entry, worker.server.ts. */
  name: string;
  run: (input: Input) => Output;
  /** What the caller reads when the task runs out of time or memory. */
  timeoutError: () => AppError;
}

/**
 * Runs CPU-heavy tasks in worker threads, so a heavy page, a long lesson or an
 * import never holds up other people's requests. Each task has a time limit: past it the task is
 * aborted, which makes piscina terminate its worker and start a fresh one; a worker whose heap
 * passes its memory limit is ended by V8 and replaced the same way. The queue is bounded: when it is full
 * the caller gets a 503 with Retry-After straight away.
 *
 * Without a started pool (scripts and unit tests that import the modules directly) or when worker
 * threads cannot load the worker bundle, tasks run in-process, with no time limit.
 */
export interface WorkerPoolOptions {
  /** The module the workers load, the task registry: build/server/worker.js, bundled from worker.server.ts. */
  filename: string;
  threads: number;
  taskTimeoutMs: number;
  /** Tasks (by name) with a time limit of their own (an import of a large account takes longer than a page). */
  timeoutMsFor?: Record<string, number>;
  /** Tasks that may wait for a free worker; more than this are refused. */
  queueMax: number;
  /** A worker's heap limit (MB); a task that needs more is refused as one out of time is. */
  memoryMb: number;
  log?: (message: string) => void;
}

interface ActivePool {
  piscina: Piscina<WorkerTask, WorkerReply>;
  options: WorkerPoolOptions;
  /** Settles once the first worker loaded and warmed up: false when workers cannot run here. */
  ready: Promise<boolean>;
  /** Tasks handed to piscina and not yet settled (running or waiting). */
  inFlight: number;
}

/** A worker that grew to meet a burst stays this long once idle (starting one takes about a second). */
const IDLE_TIMEOUT_MS = 5 * 60_000;

const TIMED_OUT = Symbol("timed out");

let active: ActivePool | undefined;

/** Added to the workers' nice value (Linux and macOS; piscina ignores it where it cannot). */
const WORKER_NICE_INCREMENT = 10;

export function startWorkerPool(options: WorkerPoolOptions) {
  if (active) throw new Error("The worker pool is already running");
  const piscina = new Piscina<WorkerTask, WorkerReply>({
    filename: options.filename,
    name: "runWorkerTask",
    // One worker starts (and warms up) now; more start when work queues up.
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: IDLE_TIMEOUT_MS,
    // Workers run at a lower CPU priority than the thread that answers requests: when every core
    // is busy with heavy pages, a sign-in or a page load still gets the CPU first.
    niceIncrement: WORKER_NICE_INCREMENT,
    // piscina 5.3 does not count tasks that carry an AbortSignal (all of ours) against maxQueue:
    // runTask enforces the bound itself, this only matches it.
    maxQueue: options.queueMax,
    // An import of a hostile file or an export of a huge account ends its worker, not the process.
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  const pool: ActivePool = { piscina, options, inFlight: 0, ready: Promise.resolve(true) };
  let started = false;
  // A worker that fails with no task of its own is reported here (left without a listener, the
  // event would end the process). One that cannot start is reported once, below.
  piscina.on("error", (error: unknown) => {
    if (started && active === pool) console.error("A worker thread failed:", error);
  });
  // Loading the bundle and warming up is not timed: it is our code, not the request's.
  pool.ready = piscina.run({}).then(
    () => (started = true),
    (error: unknown) => {
      // Stopped before the first worker was up: nothing to report.
      if (active !== pool) return false;
      options.log?.(
        `Worker threads are unavailable (${error instanceof Error ? error.message : String(error)}); ` +
          "page extraction and the built-in AI run on the main thread without a time limit.",
      );
      void piscina.destroy();
      return false;
    },
  );
  active = pool;
}

/** Stops the workers, aborting whatever they are doing. */
export async function stopWorkerPool() {
  const pool = active;
  active = undefined;
  await pool?.piscina.destroy();
}

/** Runs a task in the pool (or in-process, see above); `signal` aborts it. */
export async function runTask<Input, Output>(
  task: PoolTask<Input, Output>,
  input: Input,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Output> {
  const pool = active;
  if (!pool || !(await pool.ready)) {
    if (signal?.aborted) throw cancelled();
    return task.run(input);
  }
  const { piscina, options } = pool;
  if (pool.inFlight >= options.threads + options.queueMax) throw new ServiceBusyError();

  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) onAbort();
  // The clock starts when a worker picks the task up, not while it waits in the queue.
  const started = new MessageChannel();
  let timer: ReturnType<typeof setTimeout> | undefined;
  started.port1.once("message", () => {
    timer = setTimeout(() => controller.abort(TIMED_OUT), options.timeoutMsFor?.[task.name] ?? options.taskTimeoutMs);
  });
  pool.inFlight += 1;
  try {
    const reply = await piscina.run(
      { name: task.name, input, started: started.port2 },
      { signal: controller.signal, transferList: [started.port2] },
    );
    if (!reply.ok) throw errorFromReply(reply.error);
    return reply.value as Output;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted) {
      throw controller.signal.reason === TIMED_OUT ? task.timeoutError() : cancelled();
    }
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw task.timeoutError();
    if (error instanceof Error && error.message === "Task queue is at limit") throw new ServiceBusyError();
    throw error;
  } finally {
    pool.inFlight -= 1;
    clearTimeout(timer);
    started.port1.close();
    signal?.removeEventListener("abort", onAbort);
  }
}

function cancelled() {
  return new AppError("The request was cancelled.", 499);
}

export interface WorkerTask {
  /** A task from the registry (worker.server.ts); without one the worker only warms up. */
  name?: string;
  input?: unknown;
  /** Told when the task itself starts, after any warm-up: its time limit runs from then. */
  started?: MessagePort;
}

/** An expected failure, as data: class instances do not survive the trip between threads. */
export type WorkerReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; status: number; details?: AppError["details"] } };

/** The AppError a worker reported, rebuilt on this side. */
function errorFromReply({ name, message, status, details }: Extract<WorkerReply, { ok: false }>["error"]) {
  const error = new AppError(message, status, details);
  error.name = name;
  return error;
}
