import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import type { AiSettingsInput } from "../settings";
import { commentaryPromptBlock, type CommentaryContext } from "./commentary";
import { scriptureUseBlock, topicGuidanceBlock, type ScriptureUse, type TopicGuidance } from "./guidance";

/**
 * What a model must return for a lesson plan, and the prompts that ask for it. Pure: no I/O,
 * so every wording choice is covered by unit tests.
 *
 * Two schemas per answer (see ../structured-output.ts): the wire schema goes to the model and stays
 * inside OpenAI's strict subset, so its limits are words in the descriptions; the local schema
 * holds the real limits and the least a usable lesson needs.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
/** A part the lesson can do without: a blank answer leaves it out. */
const optionalText = (max: number) => z.string().trim().max(max).default("");

const wire = (description: string) => z.string().describe(description);
const reference = (example: string) => wire(`A Bible reference such as "${example}", at most 80 characters`);

const keyScripture = z.object({ reference: text(80), insight: text(1500) });
const crossReference = z.object({ reference: text(80), note: text(600) });

export const topicLessonSchema = z.object({
  title: text(120),
  overview: text(4000),
  keyScriptures: z.array(keyScripture).min(1).max(8),
  discussionQuestions: z.array(text(600)).min(1).max(10),
  applicationPoints: z.array(text(800)).max(8).default([]),
  crossReferences: z.array(crossReference).max(10).default([]),
  groupActivity: optionalText(2500),
  closingPrayer: optionalText(1500),
});

export const passageLessonSchema = topicLessonSchema.extend({
  outline: z
    .array(z.object({ heading: text(160), verses: text(80), summary: text(1200) }))
    .min(1)
    .max(10),
  keyWords: z
    .array(z.object({ word: text(60), meaning: text(800) }))
    .max(8)
    .default([]),
});

export const topicLessonWire = z.object({
  title: wire("The lesson's title, at most 120 characters"),
  overview: wire("Two or three short paragraphs introducing the lesson, at most 4000 characters"),
  keyScriptures: z
    .array(
      z.object({
        reference: reference("John 3:16"),
        insight: wire("Why this passage matters for the lesson, in complete sentences, at most 1500 characters"),
      }),
    )
    .describe("2 to 8 key scriptures"),
  discussionQuestions: z.array(wire("One question, at most 600 characters")).describe("3 to 10 questions"),
  applicationPoints: z.array(wire("One point, at most 800 characters")).describe("2 to 8 points"),
  crossReferences: z
    .array(
      z.object({
        reference: reference("Hebrews 11:6"),
        note: wire("How it connects to the lesson, at most 600 characters"),
      }),
    )
    .describe("Up to 10 cross-references"),
  groupActivity: wire("One activity for the group, with short numbered steps, at most 2500 characters"),
  closingPrayer: wire("A closing prayer, at most 1500 characters"),
});

export const passageLessonWire = topicLessonWire.extend({
  outline: z
    .array(
      z.object({
        heading: wire("At most 160 characters"),
        verses: wire('The verses this part covers, as a reference such as "Romans 8:28-30"'),
        summary: wire("At most 1200 characters"),
      }),
    )
    .describe("1 to 10 parts, in the order of the passage"),
  keyWords: z
    .array(
      z.object({
        word: wire("One word or short phrase from the passage, at most 60 characters"),
        meaning: wire("Its meaning in this passage, from the context, at most 800 characters"),
      }),
    )
    .describe("Up to 8 key words"),
});

export interface TranslationInfo {
  requested: string;
  shown: string;
  shownName: string;
}

const toneGuides: Record<AiSettingsInput["tone"], string> = {
  Pastoral: "warm and caring, like a pastor shepherding a small group",
  Conversational: "friendly and natural, like a thoughtful friend leading a discussion",
  Inspirational: "hopeful and uplifting, inviting people to respond with faith and courage",
  Formal: "measured and precise, like a well-prepared teacher",
};

const styleGuides: Record<AiSettingsInput["writingStyle"], string> = {
  Academic: "Academic: careful explanation of historical and literary context, with precise terms defined",
  Conversational: "Conversational: plain, direct sentences addressed to the group",
  Devotional: "Devotional: reflective, with room for prayer and personal response",
  Expository: "Expository: follow the text closely, explaining what it says and means before applying it",
};

const audienceGuides: Record<AiSettingsInput["targetAudience"], string> = {
  Beginner: "people new to the Bible: explain every term and where to find books",
  Intermediate: "people who read the Bible regularly",
  Advanced: "mature believers and leaders: include deeper questions and more cross-references",
  Mixed: "a mixed group: keep it accessible while offering depth for those who want it",
};

const complexityGuides: Record<AiSettingsInput["languageComplexity"], string> = {
  Simple: "simple words and short sentences",
  Moderate: "clear everyday language",
  Advanced: "rich vocabulary where it helps precision",
};

const citationGuides: Record<AiSettingsInput["citationFormat"], string> = {
  Inline: "Cite Scripture inline, in parentheses right after the point it supports, like (John 3:16).",
  Footnotes:
    "Cite Scripture in parentheses right after the point it supports, like (John 3:16); the app compiles these citations into notes.",
  Endnotes:
    "Cite Scripture in parentheses right after the point it supports, like (John 3:16); the app lists every citation at the end.",
};

/** The standing instructions: voice from the admin's AI settings, and the rules for Scripture. */
export function lessonSystemPrompt(settings: AiSettingsInput, translation: TranslationInfo): string {
  const translationLine =
    translation.requested === translation.shown
      ? `The app quotes Scripture from the ${translation.shownName} (${translation.shown}).`
      : `The admin prefers the ${translation.requested}, which is not available here; the app quotes Scripture from the ${translation.shownName} (${translation.shown}) instead. Do not claim to quote the ${translation.requested}.`;
  return [
    "You write Bible study lesson plans for small-group leaders in a Christian discipleship app.",
    `Tone: ${settings.tone}, ${toneGuides[settings.tone]}.`,
    `Writing style: ${styleGuides[settings.writingStyle]}.`,
    `Audience: ${settings.targetAudience}, ${audienceGuides[settings.targetAudience]}.`,
    `Language: ${settings.languageComplexity}, ${complexityGuides[settings.languageComplexity]}.`,
    translationLine,
    "Rules for Scripture:",
    "- Refer to passages by standard English book names with chapter and verse, like John 3:16 or 1 Corinthians 13:4-7.",
    "- Only cite passages that really exist. Never invent a reference, a chapter or a verse. If unsure, leave it out.",
    "- Do not write out verse text in keyScriptures; the app inserts the verse text itself from its Bible.",
    `- ${citationGuides[settings.citationFormat]}`,
    "Write complete sentences. Plain text only: no HTML, no markdown headings, no links. *Italics* and **bold** are allowed.",
    "Answer with JSON that matches the given schema.",
  ].join("\n");
}

/**
 * The request for a lesson on a topic, with the reviewed anchor passages for it (or the closest
 * reviewed topics when none fits) and how their verses may be used.
 */
export function topicLessonMessages(input: {
  topic: string;
  settings: AiSettingsInput;
  translation: TranslationInfo;
  guidance: TopicGuidance;
  use?: ScriptureUse;
  commentary?: CommentaryContext;
}): ChatCompletionMessageParam[] {
  return [
    { role: "system", content: lessonSystemPrompt(input.settings, input.translation) },
    {
      role: "user",
      content:
        `Write a small-group lesson plan on the topic "${input.topic}".\n` +
        "Include: a title; an overview; 4 to 6 key scriptures with an insight for each; discussion questions; " +
        "application points; cross-references with a note each; one group activity; and a closing prayer." +
        topicGuidanceBlock(input.guidance) +
        (input.use ? scriptureUseBlock(input.use) : "") +
        commentaryPromptBlock(input.commentary),
    },
  ];
}

/** The request for a lesson on a passage, with its text (numbered verses) from the shipped Bible. */
export function passageLessonMessages(input: {
  reference: string;
  verses: Array<{ chapter: number; verse: number; text: string }>;
  settings: AiSettingsInput;
  translation: TranslationInfo;
  use?: ScriptureUse;
  commentary?: CommentaryContext;
}): ChatCompletionMessageParam[] {
  let chapter = -1;
  const numbered = input.verses
    .filter((verse) => verse.text)
    .map((verse) => {
      const label = verse.chapter !== chapter ? `${verse.chapter}:${verse.verse}` : `${verse.verse}`;
      chapter = verse.chapter;
      return `[${label}] ${verse.text}`;
    })
    .join(" ");
  return [
    { role: "system", content: lessonSystemPrompt(input.settings, input.translation) },
    {
      role: "user",
      content:
        `Write a small-group lesson plan on ${input.reference}.\n` +
        `The passage (${input.translation.shown}): ${numbered}\n` +
        "Include: a title; an overview with the passage's context; an outline of the passage by verse groups; " +
        "the key words of the passage with their meaning in context; the key scriptures (the passage's key verses) " +
        "with an insight for each; cross-references with a note each; discussion questions (observation, " +
        "interpretation, application); application points; one group activity; and a closing prayer." +
        (input.use ? scriptureUseBlock(input.use) : "") +
        commentaryPromptBlock(input.commentary),
    },
  ];
}
