import { versesFor } from "~/modules/bible/passages.server";
import { countVerses, parseReference } from "~/modules/bible/references.server";
import { resolveTranslation } from "~/modules/bible/translations";
import { parenthesizedGroups } from "~/modules/lesson-format/markdown";

/** The text behind one scripture badge. */
export interface ScriptureText {
  /** Canonical label: "Romans 8:28-30" */
  reference: string;
  /** The translation quoted: "BSB" */
  translation: string;
  text: string;
  /** Set when the passage is longer than what is quoted. */
  truncated: boolean;
}

const MAX_BADGE_VERSES = 6;

/**
 * The verse text for every scripture reference in parentheses in a study, keyed by the text as
 * written ("Rom 8:28" and "Romans 8:28" are both keys when both appear). Resolved on the server
 * so the page gets one map and the badges need no requests of their own.
 */
export function scriptureTextsFor(
  content: unknown,
  translation: string | null | undefined,
): Record<string, ScriptureText> {
  if (typeof content !== "string") return {};
  const shown = resolveTranslation(translation).shown;
  const texts: Record<string, ScriptureText> = {};
  for (const inside of new Set(parenthesizedGroups(content))) {
    if (!/\d/.test(inside)) continue;
    const parsed = parseReference(inside);
    if (!parsed.ok) continue;
    const verses = versesFor(parsed.ranges, shown).filter((verse) => verse.text);
    if (verses.length === 0) continue;
    const quoted = verses.slice(0, MAX_BADGE_VERSES);
    const several = quoted.length > 1;
    let chapter = -1;
    const text = quoted
      .map((verse) => {
        const number =
          verse.chapter !== chapter && chapter !== -1 ? `${verse.chapter}:${verse.verse}` : `${verse.verse}`;
        chapter = verse.chapter;
        return several ? `[${number}] ${verse.text}` : verse.text;
      })
      .join(" ");
    texts[inside] = {
      reference: parsed.label,
      translation: shown,
      text,
      truncated: countVerses(parsed.ranges) > quoted.length,
    };
  }
  return texts;
}
