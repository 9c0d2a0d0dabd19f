import { z } from "zod";

/** SPEC §5: the admin's AI generation settings, their choices and ranges. */
export const aiModelChoices = ["gpt-5", "gpt-4.1", "gpt-4o", "gpt-5-mini", "gpt-4.1-mini"] as const;
export const toneChoices = ["Pastoral", "Conversational", "Inspirational", "Formal"] as const;
export const translationChoices = ["NKJV", "NIV", "ESV", "KJV"] as const;
export const writingStyleChoices = ["Academic", "Conversational", "Devotional", "Expository"] as const;
export const citationFormatChoices = ["Inline", "Footnotes", "Endnotes"] as const;
export const targetAudienceChoices = ["Beginner", "Intermediate", "Advanced", "Mixed"] as const;
export const languageComplexityChoices = ["Simple", "Moderate", "Advanced"] as const;

export const wordLimitRanges = {
  beginnerWordLimit: { min: 100, max: 500 },
  intermediateWordLimit: { min: 200, max: 800 },
  deepStudyWordLimit: { min: 400, max: 1200 },
} as const;
export const WORD_LIMIT_STEP = 10;

function wordLimit(label: string, { min, max }: { min: number; max: number }) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);
}

function choice<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of ${values.join(", ")}` });
}

export const aiSettingsSchema = z.object({
  // The spec's choices, but free text is allowed so a self-hosted model name can be used.
  model: z.string({ error: "Model is required" }).trim().min(1, "Model is required").max(100, "Model name is too long"),
  tone: choice("Tone", toneChoices),
  beginnerWordLimit: wordLimit("Beginner word limit", wordLimitRanges.beginnerWordLimit),
  intermediateWordLimit: wordLimit("Intermediate word limit", wordLimitRanges.intermediateWordLimit),
  deepStudyWordLimit: wordLimit("Deep study word limit", wordLimitRanges.deepStudyWordLimit),
  translation: choice("Translation", translationChoices),
  writingStyle: choice("Writing style", writingStyleChoices),
  citationFormat: choice("Citation format", citationFormatChoices),
  targetAudience: choice("Target audience", targetAudienceChoices),
  languageComplexity: choice("Language complexity", languageComplexityChoices),
});

export type AiSettingsInput = z.infer<typeof aiSettingsSchema>;

export const defaultAiSettings: AiSettingsInput = {
  model: "gpt-4o",
  tone: "Pastoral",
  beginnerWordLimit: 300,
  intermediateWordLimit: 500,
  deepStudyWordLimit: 800,
  translation: "NKJV",
  writingStyle: "Conversational",
  citationFormat: "Inline",
  targetAudience: "Mixed",
  languageComplexity: "Moderate",
};
