import { z } from "zod";
import type { AiSettingsInput } from "../settings";

/** What a usable summary is (the real limits, checked after the answer; see ../structured-output.ts). */
export const summaryResponseSchema = z.object({
  summary: z.string().trim().min(1).max(3000),
  learningBites: z.array(z.string().trim().min(1).max(500)).min(3).max(7),
});

/** What the model is asked for: the same shape inside OpenAI's strict subset, limits in words. */
export const summaryWire = z.object({
  summary: z.string().describe("One paragraph of 80 to 150 words"),
  learningBites: z
    .array(z.string().describe("One complete sentence, at most 500 characters"))
    .describe("3 to 7 insights"),
});

/** About 60,000 characters (15,000 tokens) of source: longer texts are cut at a paragraph. */
export const MAX_SOURCE_CHARACTERS = 60_000;

export function clipSource(text: string, limit = MAX_SOURCE_CHARACTERS): { text: string; clipped: boolean } {
  if (text.length <= limit) return { text, clipped: false };
  const cut = text.lastIndexOf("\n\n", limit);
  return { text: text.slice(0, cut > limit / 2 ? cut : limit), clipped: true };
}

/**
 * The chat messages asking for a summary of a sermon, video transcript or article. Pure: the same
 * input gives the same messages.
 */
export function summaryPrompt({ title, text, settings }: { title: string; text: string; settings: AiSettingsInput }) {
  const source = clipSource(text);
  const system = [
    "You help Christians learn from sermons, teaching videos and articles.",
    "You summarize the source faithfully: report what the author says, do not add your own teaching, and never invent quotations.",
    `Write in a ${settings.tone.toLowerCase()} tone and a ${settings.writingStyle.toLowerCase()} style, for a ${settings.targetAudience.toLowerCase()} audience, with ${settings.languageComplexity.toLowerCase()} language.`,
    `Cite scripture only as it appears in the source, as a reference in parentheses, e.g. (John 3:16); prefer the ${settings.translation} wording when you quote a verse.`,
    "Answer with JSON only.",
  ].join("\n");
  const user = [
    `Title: ${title}`,
    "",
    "Write:",
    "- summary: one paragraph of 80 to 150 words that captures the main message and how the author supports it.",
    '- learningBites: 3 to 7 distinct insights, each one complete sentence that makes sense on its own (no "this" or "he" pointing back to other bites), in the order the source presents them.',
    "",
    source.clipped ? "Source (the beginning of a longer text):" : "Source:",
    '"""',
    source.text,
    '"""',
  ].join("\n");
  return [
    { role: "system" as const, content: system },
    { role: "user" as const, content: user },
  ];
}
