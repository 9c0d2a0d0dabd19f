import type { PoolTask } from "~/server/pool.server";
import { pageTooSlowError, TaskTimeoutError } from "~/utils/errors";
import { devotional } from "./devotional.server";
import { lessonFromPassage, lessonFromTopic } from "./lessons.server";
import { summarize } from "./summary.server";

const generationTooSlow = () =>
  new TaskTimeoutError("Writing this took too long and was stopped. Please try again in a moment.", 503, 10);

/** The built-in writer's work, run in the worker pool (provider.server.ts). */
export const lessonFromTopicTask = {
  name: "lessonFromTopic",
  run: lessonFromTopic,
  timeoutError: generationTooSlow,
} satisfies PoolTask;

export const lessonFromPassageTask = {
  name: "lessonFromPassage",
  run: lessonFromPassage,
  timeoutError: generationTooSlow,
} satisfies PoolTask;

export const devotionalTask = {
  name: "devotional",
  run: devotional,
  timeoutError: generationTooSlow,
} satisfies PoolTask;

/** A summary depends on the page, as its extraction does. */
export const summarizeTask = {
  name: "summarize",
  run: summarize,
  timeoutError: pageTooSlowError,
} satisfies PoolTask;

export const builtinWriterTasks = [lessonFromTopicTask, lessonFromPassageTask, devotionalTask, summarizeTask];
