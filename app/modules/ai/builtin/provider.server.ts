import { runTask } from "~/modules/jobs/pool.server";
import type { AiProvider } from "../provider";

/**
 * The offline provider: deterministic for the same input, grounded in the shipped Bible. Its work
 * is CPU-bound, so it runs in the worker pool with a time limit (jobs/pool.server.ts); it does not
 * stream, so `onProgress` is never called and the page shows the whole lesson when it is done.
 */
export const builtinProvider: AiProvider = {
  name: "builtin",
  model: "builtin",
  lessonFromTopic: (input, options) => runTask("lessonFromTopic", input, options),
  lessonFromPassage: (input, options) => runTask("lessonFromPassage", input, options),
  devotional: (input, options) => runTask("devotional", input, options),
  summarize: (input, options) => runTask("summarize", input, options),
};
