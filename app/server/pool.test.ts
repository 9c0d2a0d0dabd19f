import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { extractDocumentTask } from "~/modules/content/extract.server";
import { AppError } from "~/utils/errors";
import { runTask, startWorkerPool, stopWorkerPool } from "./pool.server";

const article = Array.from(
  { length: 12 },
  (_, index) => `Paragraph ${index + 1} of a sermon on grace, with enough words to count as text.`,
).join("\n\n");

test("without a pool, tasks run in-process; an aborted request runs nothing", async () => {
  const result = await runTask(extractDocumentTask, { kind: "text", text: article });
  assert.match(result.text, /^Paragraph 1 of a sermon/);
  await assert.rejects(
    runTask(extractDocumentTask, { kind: "text", text: article }, { signal: AbortSignal.abort() }),
    (error: unknown) => error instanceof AppError && error.status === 499,
  );
});

test("when workers cannot load their bundle, tasks fall back to the main thread and say so once", async () => {
  const logged: string[] = [];
  startWorkerPool({
    filename: path.join(import.meta.dirname, "missing-worker-bundle.js"),
    threads: 1,
    taskTimeoutMs: 1000,
    queueMax: 1,
    memoryMb: 256,
    log: (message) => logged.push(message),
  });
  try {
    const result = await runTask(extractDocumentTask, { kind: "text", text: article });
    assert.match(result.text, /^Paragraph 1 of a sermon/);
    // Expected failures keep their status and message.
    await assert.rejects(
      runTask(extractDocumentTask, { kind: "text", text: "Too short." }),
      (error: unknown) => error instanceof AppError && error.status === 422,
    );
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /Worker threads are unavailable .* main thread/);
  } finally {
    await stopWorkerPool();
  }
});
