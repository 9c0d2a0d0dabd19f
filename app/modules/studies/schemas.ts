import { z } from "zod";
import { REFERENCE_MAX_LENGTH, TOPIC_MAX_LENGTH } from "./limits";

export { REFERENCE_MAX_LENGTH, TOPIC_MAX_LENGTH } from "./limits";

export const topicStudySchema = z.object({
  topic: z
    .string({ error: "Topic is required" })
    .trim()
    .min(1, "Topic is required")
    .max(TOPIC_MAX_LENGTH, `Topic must be at most ${TOPIC_MAX_LENGTH} characters`),
});

export const passageStudySchema = z.object({
  reference: z
    .string({ error: "Passage reference is required" })
    .trim()
    .min(1, "Passage reference is required")
    .max(REFERENCE_MAX_LENGTH, `Passage reference must be at most ${REFERENCE_MAX_LENGTH} characters`),
});

/** One body for both kinds, as the page's streaming request sends it. */
export const studyRequestSchema = z.discriminatedUnion(
  "studyType",
  [
    topicStudySchema.extend({ studyType: z.literal("topic") }),
    passageStudySchema.extend({ studyType: z.literal("passage") }),
  ],
  { error: 'studyType must be "topic" or "passage"' },
);

export type StudyRequest = z.infer<typeof studyRequestSchema>;

export type StudyType = "topic" | "passage";

/** A study as the API and the pages see it. */
export interface StudyView {
  id: string;
  title: string;
  content: string;
  studyType: StudyType;
  /** The topic or the passage reference asked for. */
  input: string;
  /** The translation the Scripture quotes are from (BSB, WEB or KJV). */
  translation: string | null;
  aiProvider: string;
  aiModel: string;
  createdAt: string;
}

/** The events of POST /api/studies/generate, one JSON object per line. */
export type GenerationEvent =
  | { type: "progress"; message: string }
  | { type: "partial"; markdown: string }
  | { type: "study"; study: StudyView }
  | { type: "error"; error: string; status: number; suggestions?: string[] };
