import { groundReferences } from "~/modules/bible/grounding.server";
import { completeStructured } from "../openai-client.server";
import { summaryPrompt, summaryResponseSchema, summaryWire } from "../prompts/summary";
import type { AiProvider, ContentSummary, GenerationOptions } from "../provider";

/** A summary and 3 to 7 learning bites from an OpenAI-compatible model, references checked. */
export async function summarize(
  model: string,
  input: Parameters<AiProvider["summarize"]>[0],
  options: GenerationOptions = {},
): Promise<ContentSummary> {
  const answer = await completeStructured({
    schema: summaryResponseSchema,
    wireSchema: summaryWire,
    schemaName: "content_summary",
    messages: summaryPrompt(input),
    model,
    temperature: 0.3,
    signal: options.signal,
  });
  return {
    summary: groundReferences(answer.summary).text,
    learningBites: answer.learningBites.map((bite) => groundReferences(bite).text),
  };
}
