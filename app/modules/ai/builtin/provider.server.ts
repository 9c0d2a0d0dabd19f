import { runTask } from "~/server/pool.server";
import type { AiProvider } from "../provider";
import { devotionalTask, lessonFromPassageTask, lessonFromTopicTask, summarizeTask } from "./tasks.server";

/**
 * The offline provider: deterministic for the same input, grounded in the shipped Bible. Its work
 * is CPU-bound, so it runs in the worker pool with a time limit (app/server/pool.server.ts); it does not
 * stream, so `onProgress` is never called and the page shows the whole lesson when it is done.
 */
export const builtinProvider: AiProvider = {
  name: "builtin",
  model: "builtin",
  lessonFromTopic: (input, options) => runTask(lessonFromTopicTask, input, options),
  lessonFromPassage: (input, options) => runTask(lessonFromPassageTask, input, options),
  devotional: (input, options) => runTask(devotionalTask, input, options),
  summarize: (input, options) => runTask(summarizeTask, input, options),
};
