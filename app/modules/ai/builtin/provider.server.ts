import type { AiProvider } from "../provider";
import { devotional } from "./devotional.server";
import { lessonFromPassage, lessonFromTopic } from "./lessons.server";
import { summarize } from "./summary.server";

/** The offline provider: deterministic for the same input, grounded in the shipped Bible. */
export const builtinProvider: AiProvider = {
  name: "builtin",
  model: "builtin",
  lessonFromTopic: async (input) => lessonFromTopic(input),
  lessonFromPassage: async (input) => lessonFromPassage(input),
  devotional: async (input) => devotional(input),
  summarize: async (input) => summarize(input),
};
