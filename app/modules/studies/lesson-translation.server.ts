import { getAiSettings } from "~/modules/ai/settings.server";
import { resolveTranslation } from "~/modules/bible/translations";

/** What a lesson's translation badge shows: the translation quoted, and why when it is not the one asked for. */
export interface LessonTranslation {
  name: string;
  code: string;
  note?: string;
}

/**
 * A lesson stores only the translation it quotes, so the note comes from the settings' choice:
 * when that choice falls back to the quoted text (NKJV, NIV, ESV shown from the BSB), its note is
 * the badge's tooltip, said once for the lesson instead of in its overview.
 */
export function lessonTranslation(quoted: string | null | undefined): LessonTranslation | null {
  if (!quoted) return null;
  const shown = resolveTranslation(quoted);
  const asked = resolveTranslation(getAiSettings().translation);
  const note = asked.shown === shown.shown ? asked.note : undefined;
  return { name: shown.shownName, code: shown.shown, ...(note ? { note } : {}) };
}
