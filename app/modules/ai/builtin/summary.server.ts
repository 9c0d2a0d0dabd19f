// SCAFFOLD (issue 5 replaces this file): built-in extractive summaries and learning bites.
import { AiError } from "~/utils/errors";
import type { AiProvider } from "../provider";

export function summarize(_input: Parameters<AiProvider["summarize"]>[0]): never {
  throw new AiError("Content summaries are not available yet.", 501);
}
