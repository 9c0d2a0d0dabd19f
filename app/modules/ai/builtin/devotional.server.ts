import { groundReferences } from "~/modules/bible/grounding.server";
import { AiError } from "~/utils/errors";
import type { AiProvider, GeneratedDevotional } from "../provider";
import { analyzePassages } from "./devotional/analyze.server";
import { composeDevotional } from "./devotional/compose";

/**
 * The offline devotional: quotes the day's key verses in the translation shown, reflects on the
 * themes and words the passage itself uses, brings in cross-references, and closes with
 * application and prayer. Deeper levels add background, an outline, word study and questions.
 * Deterministic for the same input.
 */
export function devotional(input: Parameters<AiProvider["devotional"]>[0]): GeneratedDevotional {
  const passages = input.passages.filter((passage) => passage.verses.some((verse) => verse.text.trim() !== ""));
  if (passages.length === 0) throw new AiError("There is no passage text to write a devotional about.", 400);
  const analysis = analyzePassages(passages);
  const content = composeDevotional({
    analysis,
    level: input.level,
    wordLimit: input.wordLimit,
    settings: input.settings,
  });
  return { content: groundReferences(content).text };
}
