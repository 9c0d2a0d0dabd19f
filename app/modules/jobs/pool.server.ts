import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError, ServiceBusyError } from "~/utils/errors";
import {
  errorFromReply,
  runTaskInProcess,
  timeoutErrorFor,
  type TaskInput,
  type TaskKind,
  type TaskOutput,
  type WorkerReply,
  type WorkerTask,
} from "./tasks.server";

/**
 * Runs CPU-heavy tasks (tasks.server.ts) in worker threads, so a heavy page, a long lesson or an
 * import never holds up other people's requests. Each task has a time limit: past it the task is
 * aborted, which makes piscina terminate its worker and start a fresh one; a worker whose heap
 * passes its memory limit is ended by V8 and replaced the same way. The queue is bounded: when it is full
 * the caller gets a 503 with Retry-After straight away.
 *
 * Without a started pool (scripts and unit tests that import the modules directly) or when worker
 * threads cannot load the worker bundle, tasks run in-process, with no time limit.
 */
export interface WorkerPoolOptions {
  /** The module the workers load; it must export `runWorkerTask` (build/worker.js does). */
  filename: string;
  threads: number;
  taskTimeoutMs: number;
  /** Kinds with a time limit of their own (an import of a large account takes longer than a page). */
  timeoutMsFor?: Partial<Record<TaskKind, number>>;
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
  pool.ready = piscina.run({ kind: "warmUp" }).then(
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
export async function runTask<K extends TaskKind>(
  kind: K,
  input: TaskInput<K>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TaskOutput<K>> {
  const pool = active;
  if (!pool || !(await pool.ready)) {
    if (signal?.aborted) throw cancelled();
    return runTaskInProcess(kind, input);
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
    timer = setTimeout(() => controller.abort(TIMED_OUT), options.timeoutMsFor?.[kind] ?? options.taskTimeoutMs);
  });
  pool.inFlight += 1;
  try {
    const reply = await piscina.run(
      { kind, input, started: started.port2 },
      { signal: controller.signal, transferList: [started.port2] },
    );
    if (!reply.ok) throw errorFromReply(reply.error);
    return reply.value as TaskOutput<K>;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted) {
      throw controller.signal.reason === TIMED_OUT ? timeoutErrorFor(kind) : cancelled();
    }
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw timeoutErrorFor(kind);
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
