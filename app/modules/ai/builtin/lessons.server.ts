// SCAFFOLD (issue 3 replaces this file): built-in lesson plans from a topic or a passage.
import { AiError } from "~/utils/errors";
import type { AiProvider } from "../provider";

export function lessonFromTopic(_input: Parameters<AiProvider["lessonFromTopic"]>[0]): never {
  throw new AiError("Lesson plans are not available yet.", 501);
}

export function lessonFromPassage(_input: Parameters<AiProvider["lessonFromPassage"]>[0]): never {
  throw new AiError("Lesson plans are not available yet.", 501);
}
