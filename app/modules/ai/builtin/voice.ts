import type { AiSettingsInput } from "../settings";
import { createPicker, type Picker } from "./text";

type Tone = AiSettingsInput["tone"];

/**
 * How a built-in lesson speaks, from the admin's AI settings: the tone picks the wording, the
 * audience and language complexity how much is said and how plainly, the writing style what is
 * emphasised. Choices are seeded by the input so two topics read differently, one topic the same.
 */
export interface Voice {
  pick: Picker;
  settings: AiSettingsInput;
  tone: Tone;
  /** Short sentences and fewer items (Simple language or a Beginner audience). */
  plain: boolean;
  /** More passages, cross-references and harder questions (Advanced audience or language). */
  deep: boolean;
  /** Say what terms mean and how to run the session (Beginner or Mixed audience). */
  explain: boolean;
  /** Devotional writing style: reflection and prayer weigh more. */
  devotional: boolean;
  /** Academic or Expository: context and word study weigh more. */
  studious: boolean;
  /** Footnotes or Endnotes: a numbered list of every passage cited closes the lesson. */
  listCitations: boolean;
  /** Chooses a line for the tone. */
  say: (slot: string, lines: Record<Tone, readonly string[]>) => string;
}

export function createVoice(seed: string, settings: AiSettingsInput): Voice {
  const pick = createPicker(seed);
  return {
    pick,
    settings,
    tone: settings.tone,
    plain: settings.languageComplexity === "Simple" || settings.targetAudience === "Beginner",
    deep: settings.targetAudience === "Advanced" || settings.languageComplexity === "Advanced",
    explain: settings.targetAudience === "Beginner" || settings.targetAudience === "Mixed",
    devotional: settings.writingStyle === "Devotional",
    studious: settings.writingStyle === "Academic" || settings.writingStyle === "Expository",
    listCitations: settings.citationFormat !== "Inline",
    say: (slot, lines) => pick(slot, lines[settings.tone] ?? lines.Pastoral),
  };
}

/**
 * Fills {placeholders} in a line. A value that ends in an aside ("Joshua, as he leads Israel into
 * Canaan") is closed with a comma when the sentence goes on after it: "tells Joshua, as he leads
 * Israel into Canaan, what to do".
 */
export function fill(line: string, values: Record<string, string>): string {
  return line.replace(/\{(\w+)\}/g, (whole, key: string, offset: number) => {
    const value = values[key];
    if (value === undefined) return whole;
    const goesOn = / [a-z]/.test(line.slice(offset + whole.length, offset + whole.length + 2));
    return goesOn && value.includes(",") && !value.endsWith(",") ? `${value},` : value;
  });
}
