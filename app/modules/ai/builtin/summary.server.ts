import { groundReferences } from "~/modules/bible/grounding.server";
import type { AiProvider, ContentSummary } from "../provider";
import { summarizeExtractive } from "./extractive";

/**
 * Built-in summaries: the text's most central sentences in reading order, and 3 to 7 distinct,
 * self-contained sentences as learning bites (see extractive.ts). Offline and deterministic; the
 * settings (tone, audience) do not change an extract, which quotes the author's own words.
 */
export function summarize(input: Parameters<AiProvider["summarize"]>[0]): ContentSummary {
  const { summary, learningBites } = summarizeExtractive(input.title, input.text);
  return {
    summary: groundReferences(summary).text,
    learningBites: learningBites.map((bite) => groundReferences(bite).text),
  };
}
