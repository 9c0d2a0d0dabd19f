import { buildExportTask } from "~/modules/account/export.server";
import { prepareImportTask } from "~/modules/account/import.server";
import { lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import { builtinWriterTasks } from "~/modules/ai/builtin/tasks.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { warmUpScriptureEngine } from "~/modules/bible/passages.server";
import { extractDocumentTask } from "~/modules/content/extract.server";
import { AppError } from "~/utils/errors";
import type { PoolTask, WorkerReply, WorkerTask } from "./pool.server";

/**
 * The workers' entry and the registry of what they run: the build bundles this file on its own
 * into build/server/worker.js (scripts/build-if-needed.mjs), so a worker loads only the tasks. A domain
 * module declares its task and runs it with `runTask` (pool.server.ts); it is listed here once.
 */
const tasks = new Map<string, PoolTask>(
  [extractDocumentTask, ...builtinWriterTasks, prepareImportTask, buildExportTask].map((task) => [task.name, task]),
);

let warm = false;

/**
 * Opens the Bible, builds the reference parser and fills the lexicon caches by writing one short
 * lesson, so a new worker's first real task costs what later ones do (and is timed fairly).
 */
export function warmUpWorker() {
  if (warm) return;
  warm = true;
  warmUpScriptureEngine();
  lessonFromTopic({ topic: "grace", settings: defaultAiSettings });
}

/** The pool's task function, run in a worker thread. */
export function runWorkerTask({ name, input, started }: WorkerTask): WorkerReply {
  warmUpWorker();
  started?.postMessage(null);
  started?.close();
  if (name === undefined) return { ok: true, value: null };
  const task = tasks.get(name);
  if (!task) throw new Error(`No task named ${name} in app/server/worker.server.ts`);
  try {
    return { ok: true, value: task.run(input as never) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      error: { name: error.name, message: error.message, status: error.status, details: error.details },
    };
  }
}
