import { z } from "zod";
import type { AiSettingsInput } from "../settings";
import type { DevotionalLevel } from "../provider";
import { commentaryPromptBlock, type CommentaryContext } from "./commentary";
import { scriptureUseBlock, type ScriptureUse } from "./guidance";

/** A usable devotional (checked after the answer; see ../structured-output.ts). */
export const devotionalSchema = z.object({
  content: z.string().trim().min(40, "The devotional is too short"),
});

/** What the model is asked for, inside OpenAI's strict subset. */
export const devotionalWire = z.object({
  content: z.string().describe("The whole devotional in Markdown"),
});

/** The passage text the model reads, trimmed so one day's reading never floods the prompt. */
export const MAX_PASSAGE_CHARACTERS = 24_000;

export interface DevotionalPromptPassage {
  reference: string;
  /** "BSB" */
  translationCode: string;
  /** "Berean Standard Bible" */
  translationName: string;
  verses: Array<{ chapter: number; verse: number; text: string }>;
}

const levelGuidance: Record<DevotionalLevel, string> = {
  beginner:
    "Beginner: for someone new to the Bible. Plain words, short paragraphs. Quote one key verse, explain it simply, give one practical step and a short prayer.",
  intermediate:
    "Intermediate: for a regular reader. Quote two or three key verses, trace the flow of the passage, connect it with one or two cross-references, give a few application points, reflection questions and a prayer.",
  deep: "Deep Study: for a committed student. Give the book's historical and literary context, outline the passage, study its key words, connect it with several cross-references (quoted), and offer questions for reflection, application and a prayer.",
};

const labels: Record<DevotionalLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  deep: "Deep Study",
};

function passageBlock(passages: DevotionalPromptPassage[]) {
  let budget = MAX_PASSAGE_CHARACTERS;
  const blocks: string[] = [];
  for (const passage of passages) {
    const lines: string[] = [];
    for (const verse of passage.verses) {
      const line = `${verse.chapter}:${verse.verse} ${verse.text}`;
      if (budget - line.length < 0) {
        lines.push("[the rest of the passage is left out for length]");
        break;
      }
      budget -= line.length;
      lines.push(line);
    }
    blocks.push(`${passage.reference} (${passage.translationName}, ${passage.translationCode})\n${lines.join("\n")}`);
    if (budget <= 0) break;
  }
  return blocks.join("\n\n");
}

/**
 * The messages for one devotional: the level, the word limit, the admin's tone and style
 * settings, and the day's passages in the translation the reader sees (so quotes match the page).
 */
export function devotionalMessages({
  passages,
  level,
  wordLimit,
  settings,
  use,
  commentary,
}: {
  passages: DevotionalPromptPassage[];
  level: DevotionalLevel;
  wordLimit: number;
  settings: AiSettingsInput;
  /** How the passage's verses may be used (reviewed roles, verses never to be applied so). */
  use?: ScriptureUse;
  /** Commentators on the passage, to draw on and quote. */
  commentary?: CommentaryContext;
}) {
  const translation = passages[0];
  const low = Math.round(wordLimit * 0.9);
  const high = Math.round(wordLimit * 1.1);
  const system = [
    "You write daily Bible devotionals for a discipleship app used by believers and small-group leaders.",
    "Write in Markdown: start with a level-2 heading (## ) naming the passage and its theme, use level-3 headings (### ) for sections, block quotes (> ) for Scripture, and lists where helpful. Never use HTML.",
    `Quote Scripture only from the passage text provided or, for cross-references, from the ${translation?.translationName ?? "same"} translation, and label every quote with its reference and "${translation?.translationCode ?? "BSB"}". Do not claim to quote any other translation.`,
    "Cite only references that exist; write them in the usual form (John 3:16, Romans 8:28-39).",
    "Be faithful to the text and to historic Christian teaching; do not invent facts about the passage.",
  ].join("\n");
  const user = [
    `Write the ${labels[level]} devotional for today's reading.`,
    levelGuidance[level],
    `Length: about ${wordLimit} words (between ${low} and ${high} words).`,
    `Tone: ${settings.tone}. Writing style: ${settings.writingStyle}. Language complexity: ${settings.languageComplexity}. Target audience: ${settings.targetAudience}.`,
    `Citation format: ${settings.citationFormat}${settings.citationFormat === "Inline" ? " (references in parentheses right after the quote)" : " (numbered markers and a list of references at the end)"}.`,
    "",
    "Today's passage:",
    passageBlock(passages),
    use ? scriptureUseBlock(use) : "",
    commentaryPromptBlock(commentary),
  ].join("\n");
  return [
    { role: "system" as const, content: system },
    { role: "user" as const, content: user },
  ];
}
