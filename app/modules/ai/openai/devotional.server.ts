import { groundReferences } from "~/modules/bible/grounding.server";
import { commentaryContextFor } from "../commentary-context.server";
import { scriptureUseFor } from "../guidance.server";
import { completeStructured } from "../openai-client.server";
import { drewOnNote } from "../prompts/commentary";
import { devotionalMessages, devotionalSchema, devotionalWire } from "../prompts/devotional";
import type { AiProvider, GeneratedDevotional, GenerationOptions } from "../provider";

/** A devotional from the OpenAI-compatible model, its references checked against the Bible. */
export async function devotional(
  model: string,
  input: Parameters<AiProvider["devotional"]>[0],
  options: GenerationOptions = {},
): Promise<GeneratedDevotional> {
  const commentary = commentaryContextFor(input.passages.flatMap((passage) => passage.ranges));
  const messages = devotionalMessages({
    passages: input.passages.map((passage) => ({
      reference: passage.reference,
      translationCode: passage.translation.shown,
      translationName: passage.translation.shownName,
      verses: passage.verses
        .filter((verse) => verse.text)
        .map((verse) => ({ chapter: verse.chapter, verse: verse.verse, text: verse.text })),
    })),
    level: input.level,
    wordLimit: input.wordLimit,
    settings: input.settings,
    use: scriptureUseFor(input.passages.flatMap((passage) => passage.ranges)),
    commentary,
  });
  const result = await completeStructured({
    schema: devotionalSchema,
    wireSchema: devotionalWire,
    schemaName: "devotional",
    messages,
    model,
    signal: options.signal,
    onPartial: options.onProgress ? (partial) => partial.content && options.onProgress!(partial.content) : undefined,
  });
  const translation = input.passages[0]!.translation;
  const note = drewOnNote(
    commentary,
    `${input.passages.map((passage) => passage.reference).join("; ")} (${translation.shown})`,
  );
  return { content: `${groundReferences(result.content.trim()).text}\n\n${note}` };
}
