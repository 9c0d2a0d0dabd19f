import assert from "node:assert/strict";
import { test } from "node:test";
import { workerThreadsPerProcess } from "~/config.server";

test("worker threads default to the cores shared out between the serving processes", () => {
  const unset = { WORKER_THREADS: undefined };
  assert.equal(workerThreadsPerProcess(unset, 1, 8), 8, "one process (desktop, WORKERS=1) has every core");
  assert.equal(workerThreadsPerProcess(unset, 8, 8), 1, "a worker per core: one thread each");
  assert.equal(workerThreadsPerProcess(unset, 2, 8), 4);
  assert.equal(workerThreadsPerProcess(unset, 3, 8), 2, "rounded down: never more threads than cores");
  assert.equal(workerThreadsPerProcess(unset, 4, 2), 1, "at least one");
  assert.equal(workerThreadsPerProcess({ WORKER_THREADS: 3 }, 8, 8), 3, "WORKER_THREADS wins");
});
