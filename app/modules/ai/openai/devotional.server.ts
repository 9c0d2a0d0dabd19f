// SCAFFOLD (issue 4 replaces this file): devotionals through the OpenAI-compatible provider.
import { AiError } from "~/utils/errors";
import type { AiProvider, GenerationOptions } from "../provider";

export function devotional(_model: string, _input: Parameters<AiProvider["devotional"]>[0], _options?: GenerationOptions): never {
  throw new AiError("Devotionals are not available yet.", 501);
}
