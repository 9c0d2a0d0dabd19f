import type { Passage } from "~/modules/bible/passages.server";
import type { AiSettingsInput } from "./settings";

export type DevotionalLevel = "beginner" | "intermediate" | "deep";

export interface GenerationOptions {
  /** Aborts the generation (the user left, or the request was cancelled). */
  signal?: AbortSignal;
  /** Receives the markdown generated so far, for providers that stream (the OpenAI one). */
  onProgress?: (markdownSoFar: string) => void;
}

/** A lesson plan: a title and markdown content (SPEC §2 /lesson-plans rendering rules). */
export interface GeneratedStudy {
  title: string;
  content: string;
}

export interface GeneratedDevotional {
  content: string;
}

export interface ContentSummary {
  summary: string;
  /** 3 to 7 short, self-contained insights. */
  learningBites: string[];
}

/**
 * Everything the app asks of an AI. Two implementations: the built-in one (offline, deterministic,
 * grounded in the shipped Bible) and the OpenAI-compatible one. Both return content whose scripture
 * references have been checked against the shipped Bible (see bible/grounding.server.ts).
 */
export interface AiProvider {
  /** "builtin" or "openai": stored on every generated row. */
  readonly name: "builtin" | "openai";
  /** The model used ("builtin" for the built-in provider). */
  readonly model: string;

  lessonFromTopic(
    input: { topic: string; settings: AiSettingsInput },
    options?: GenerationOptions,
  ): Promise<GeneratedStudy>;

  lessonFromPassage(
    input: { passage: Passage; settings: AiSettingsInput },
    options?: GenerationOptions,
  ): Promise<GeneratedStudy>;

  devotional(
    input: { passages: Passage[]; level: DevotionalLevel; wordLimit: number; settings: AiSettingsInput },
    options?: GenerationOptions,
  ): Promise<GeneratedDevotional>;

  summarize(
    input: { title: string; text: string; settings: AiSettingsInput },
    options?: GenerationOptions,
  ): Promise<ContentSummary>;
}
