/**
 * Who wrote a lesson or devotional, as readers are told: every generated row stores its provider
 * and model, and the page says which in a footer (issue 28: "nothing says which writer wrote a text").
 */
export interface WriterOfText {
  aiProvider: string;
  aiModel: string;
}

export const BUILTIN_WRITER_NAME = "the built-in study writer";

/** "Written by the built-in study writer", or "Written by gpt-4o" for a model. */
export function writtenByLine({ aiProvider, aiModel }: WriterOfText): string {
  return aiProvider === "builtin" ? `Written by ${BUILTIN_WRITER_NAME}` : `Written by ${aiModel}`;
}

/** What the built-in writer draws on, said once under its texts. */
export const BUILTIN_WRITER_SOURCES =
  "It works offline: it chooses Scripture and quotes public-domain commentators (Matthew Henry, C. H. Spurgeon and others) on the verses they discuss. Read it with your Bible open.";

/** Said under a model's texts: the model's words are its own, not checked like the built-in writer's quotations. */
export const MODEL_WRITER_NOTE =
  "An AI model wrote this from the Scripture and commentary the app gave it; its Scripture references were checked against the app's Bible. Weigh it against the passage.";

/** The writer and Bible text in use now (see writer-in-use.server.ts). */
export type WriterInUse = {
  scripture: { requested: string; shown: string; shownName: string };
} & (
  | { provider: "builtin"; model: string; reason: "no-key" | "chosen" }
  | { provider: "openai"; model: string; modelFromEnvironment: boolean; endpoint: string }
);
