// SCAFFOLD (issue 3 replaces this file): lesson plans through the OpenAI-compatible provider.
import { AiError } from "~/utils/errors";
import type { AiProvider, GenerationOptions } from "../provider";

export function lessonFromTopic(_model: string, _input: Parameters<AiProvider["lessonFromTopic"]>[0], _options?: GenerationOptions): never {
  throw new AiError("Lesson plans are not available yet.", 501);
}

export function lessonFromPassage(_model: string, _input: Parameters<AiProvider["lessonFromPassage"]>[0], _options?: GenerationOptions): never {
  throw new AiError("Lesson plans are not available yet.", 501);
}
