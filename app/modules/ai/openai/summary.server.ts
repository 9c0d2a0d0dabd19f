// SCAFFOLD (issue 5 replaces this file): summaries through the OpenAI-compatible provider.
import { AiError } from "~/utils/errors";
import type { AiProvider, GenerationOptions } from "../provider";

export function summarize(_model: string, _input: Parameters<AiProvider["summarize"]>[0], _options?: GenerationOptions): never {
  throw new AiError("Content summaries are not available yet.", 501);
}
