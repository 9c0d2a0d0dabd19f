import { groundReferences } from "~/modules/bible/grounding.server";
import { AiError } from "~/utils/errors";
import type { AiProvider, GeneratedDevotional } from "../provider";
import { composeDevotional } from "./devotional/compose";
import { gatherMaterial } from "./devotional/material.server";

/**
 * The offline devotional (ADR 0022): what happens in the passage (its outline), the commentators'
 * notes on the verses they discuss, questions chosen for the kind of writing, and a prayer, in the
 * passage's own words where it prays or praises. Deterministic for the same input.
 */
export function devotional(input: Parameters<AiProvider["devotional"]>[0]): GeneratedDevotional {
  const passages = input.passages.filter((passage) => passage.verses.some((verse) => verse.text.trim() !== ""));
  if (passages.length === 0) throw new AiError("There is no passage text to write a devotional about.", 400);
  const content = composeDevotional({
    material: gatherMaterial(passages, input.level),
    level: input.level,
    wordLimit: input.wordLimit,
    settings: input.settings,
  });
  return { content: groundReferences(content).text };
}
