import type { MessagePort } from "node:worker_threads";
import { buildExport } from "~/modules/account/export.server";
import { prepareImport } from "~/modules/account/import.server";
import { devotional } from "~/modules/ai/builtin/devotional.server";
import { lessonFromPassage, lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import { summarize } from "~/modules/ai/builtin/summary.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { warmUpScriptureEngine } from "~/modules/bible/passages.server";
import { extractArticle, extractPlainText } from "~/modules/content/extract.server";
import type { DocumentKind } from "~/modules/content/fetch.server";
import { AppError, PayloadTooLargeError, TaskTimeoutError } from "~/utils/errors";

/**
 * The CPU-heavy work that runs in the worker pool (pool.server.ts). Inputs and outputs are plain
 * data: they cross to a worker thread by structured clone.
 */
const tasks = {
  extractDocument: (input: { kind: DocumentKind; text: string }) =>
    input.kind === "html" ? extractArticle(input.text) : extractPlainText(input.text),
  summarize,
  lessonFromTopic,
  lessonFromPassage,
  devotional,
  prepareImport,
  buildExport,
};

export type TaskKind = keyof typeof tasks;
export type TaskInput<K extends TaskKind> = Parameters<(typeof tasks)[K]>[0];
export type TaskOutput<K extends TaskKind> = ReturnType<(typeof tasks)[K]>;

const PAGE_TOO_SLOW =
  "That page took too long to process. Try a link to a shorter page, or paste a link to the article itself.";
const GENERATION_TOO_SLOW = "Writing this took too long and was stopped. Please try again in a moment.";

const IMPORT_TOO_LARGE = "This file is too large to import here (it took more time or memory than an import may).";
const EXPORT_TOO_SLOW = "The export took too long and was stopped. Please try again in a moment.";

/** What the caller reads when a task of this kind runs out of time or memory. */
export function timeoutErrorFor(kind: TaskKind): AppError {
  // Extraction and summaries depend on the page: trying again would time out again.
  if (kind === "extractDocument" || kind === "summarize") return new TaskTimeoutError(PAGE_TOO_SLOW, 422);
  // So does an import on its file.
  if (kind === "prepareImport") return new PayloadTooLargeError(IMPORT_TOO_LARGE);
  if (kind === "buildExport") return new TaskTimeoutError(EXPORT_TOO_SLOW, 503, 30);
  return new TaskTimeoutError(GENERATION_TOO_SLOW, 503, 10);
}

export function runTaskInProcess<K extends TaskKind>(kind: K, input: TaskInput<K>): TaskOutput<K> {
  return (tasks[kind] as (value: TaskInput<K>) => TaskOutput<K>)(input);
}

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

export interface WorkerTask {
  kind: TaskKind | "warmUp";
  input?: unknown;
  /** Told when the task itself starts, after any warm-up: its time limit runs from then. */
  started?: MessagePort;
}

/** An expected failure, as data: class instances do not survive the trip between threads. */
export type WorkerReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; status: number; details?: AppError["details"] } };

/**
 * The pool's task function, run in a worker thread. This file is the workers' entry: the build
 * bundles it on its own into build/worker.js (scripts/build-if-needed.mjs).
 */
export function runWorkerTask({ kind, input, started }: WorkerTask): WorkerReply {
  warmUpWorker();
  started?.postMessage(null);
  started?.close();
  if (kind === "warmUp") return { ok: true, value: null };
  try {
    return { ok: true, value: runTaskInProcess(kind, input as never) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      error: { name: error.name, message: error.message, status: error.status, details: error.details },
    };
  }
}

/** The AppError a worker reported, rebuilt on this side. */
export function errorFromReply({ name, message, status, details }: Extract<WorkerReply, { ok: false }>["error"]) {
  const error = new AppError(message, status, details);
  error.name = name;
  return error;
}
