import { z } from "zod";
import { bookContextsFileSchema, bookKinds } from "./book-context";
import { toneChoices, writingStyleChoices } from "../settings";
import { devotionalQuestionsSchema, genres } from "./devotional/questions-schema";
import concepts from "./content/concepts.json";
import devotionalLines from "./content/devotional-lines.json";
import devotionalQuestions from "./content/devotional-questions.json";
import devotionalVoice from "./content/devotional-voice.json";
import glossary from "./content/glossary.json";
import lessonLines from "./content/lesson-lines.json";
import passageLines from "./content/passage-lines.json";
import themes from "./content/themes.json";
import { miracleKinds, parableThemes, parablesMiraclesSchema } from "./parables-miracles";
import { topicAnchorsSchema } from "./topic-anchors";
import { verseRolesSchema } from "./verse-roles";

/**
 * The built-in writer's wording lives in JSON files under ./content, so a pastor can review and
 * extend it without reading TypeScript. Each file is parsed with its schema once, when this module
 * is first imported (at start-up): a malformed file stops the app with a message naming the file
 * and the path of the bad value. The files are imported statically so both bundles (the app and
 * the worker threads) carry them.
 */

const sentence = z.string().trim().min(1);
const sentences = z.array(sentence).min(1);
/** A word as the writer compares it: lower case letters, an apostrophe or hyphen inside. */
const word = z.string().regex(/^[a-z][a-z'’ -]*$/, "must be a lower-case word");
const words = z.array(word);

/** A devotional's sections, in the order they are written. */
export const sectionIds = [
  "context",
  "overview",
  "scripture",
  "reflect",
  "keywords",
  "echoes",
  "questions",
  "pray",
] as const;

/**
 * A list of sentences with {placeholders}: each may use only the placeholders the writer fills for
 * that list, and must use the required ones (a quotation it introduces, the closing of a prayer).
 */
function lines(allowed: readonly string[], required: readonly string[] = []) {
  return sentences.superRefine((list, context) =>
    list.forEach((line, index) => {
      const used = [...line.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      for (const name of used.filter((name) => !allowed.includes(name)))
        context.addIssue({
          code: "custom",
          path: [index],
          message: `unknown placeholder {${name}}; this list may use ${allowed.map((key) => `{${key}}`).join(", ")}`,
        });
      for (const name of required.filter((name) => !used.includes(name)))
        context.addIssue({ code: "custom", path: [index], message: `must use {${name}}` });
    }),
  );
}

const theme = z.strictObject({
  id: z.string().regex(/^[a-z-]+$/, "must be lower-case letters and hyphens"),
  name: sentence,
  words,
  weak: words.optional(),
  prayers: sentences,
});

const schemas = {
  "themes.json": z
    .strictObject({ themes: z.array(theme).min(1), fallback: theme })
    .refine((file) => new Set(file.themes.map((entry) => entry.id)).size === file.themes.length, {
      message: "theme ids must be unique",
      path: ["themes"],
    }),
  "glossary.json": z.array(z.strictObject({ forms: z.array(word).min(1), meaning: sentence })).min(1),
  "concepts.json": z
    .array(
      z.strictObject({ match: z.array(word).min(1), words: z.array(word).min(1), topics: z.array(sentence).min(1) }),
    )
    .min(1),
  "devotional-voice.json": z.strictObject({
    headings: z.record(z.enum(writingStyleChoices), z.record(z.enum(sectionIds), sentence)),
    tones: z.record(
      z.enum(toneChoices),
      z.strictObject({
        salutations: sentences,
        closings: sentences,
      }),
    ),
  }),
  "devotional-lines.json": z.strictObject({
    memory: lines(["verse"], ["verse"]),
    readFirst: lines(["reading", "verses", "minutes"], ["reading", "verses", "minutes"]),
    background: lines(["book", "genre", "author"], ["book", "genre", "author"]),
    backgroundNamed: lines(["book", "genre"], ["book", "genre"]),
    questions: z.strictObject({
      promise: lines(["verse", "speaker", "addressee"], ["verse"]),
      command: lines(["verse", "speaker", "addressee"], ["verse"]),
    }),
    prayer: z.strictObject({
      prayPassage: z.record(z.enum(toneChoices), lines(["verse"], ["verse"])),
      afterPassage: z.record(z.enum(toneChoices), lines(["salutation", "closing"], ["salutation", "closing"])),
      petitions: z.record(z.enum(genres), lines(["reading"], ["reading"])),
    }),
  }),
  "devotional-questions.json": devotionalQuestionsSchema,
  "lesson-lines.json": z.strictObject({
    shared: z.strictObject({
      activities: z.array(z.strictObject({ name: sentence, steps: lines(["list"]) })).min(1),
      prayerStations: z.strictObject({ name: sentence, steps: lines(["list"]) }),
      openers: z.strictObject({ topic: lines([]), passage: lines(["reference"]) }),
      tips: lines([]),
      closingPrayer: z.record(z.enum(toneChoices), lines(["references"], ["references"])),
      prayPassage: lines(["reference"], ["reference"]),
    }),
    questions: z.strictObject({
      byGenre: z.record(z.enum(bookKinds), lines(["reference"], ["reference"])),
      speaker: lines(["reference"], ["reference"]),
      promise: lines(["reference", "speaker", "addressee"], ["reference"]),
      command: lines(["reference", "speaker", "addressee"], ["reference"]),
      compare: lines(["first", "second"], ["first", "second"]),
      connect: lines(["first", "second"], ["first", "second"]),
      note: lines(["reference"], ["reference"]),
      personal: z.record(z.enum(toneChoices), lines([])),
    }),
    applications: z.record(
      z.enum(["promise", "command", "memory", "prayer", "reflect"]),
      lines(["reference", "speaker", "addressee"], ["reference"]),
    ),
    topic: z.strictObject({
      subtitles: lines([]),
      intros: lines(["count"], ["count"]),
      pairIntros: lines(["count", "titles"], ["titles"]),
      partial: lines(["titles", "rest"], ["titles", "rest"]),
      widen: lines(["entry"], ["entry"]),
      related: lines(["list"], ["list"]),
    }),
    passage: z.strictObject({
      subtitles: lines([]),
      outlineIntros: lines(["count"], ["count"]),
      keyWordsIntros: lines([]),
      wordStudyIntros: lines([]),
    }),
  }),
  "passage-lines.json": z.strictObject({
    overview: z.strictObject({
      parable: lines(["reference", "name", "hearers", "audience"], ["reference", "name", "hearers", "audience"]),
      parableUnplaced: lines(["reference", "name"], ["reference", "name"]),
      miracle: lines(["reference", "name"], ["reference", "name"]),
      anotherParable: lines(["reference", "name"], ["reference", "name"]),
      anotherMiracle: lines(["reference", "name"], ["reference", "name"]),
    }),
    observe: z.strictObject({
      title: lines(["reference", "title"], ["reference", "title"]),
      speakers: lines(["reference"], ["reference"]),
      repeated: lines(["reference", "word", "verses"], ["reference", "word", "verses"]),
      jesus: lines(["reference"], ["reference"]),
    }),
    parable: z.strictObject({
      audience: lines(["reference", "audience"], ["reference", "audience"]),
      noAudience: lines(["reference"], ["reference"]),
      hearers: lines(["reference", "hearers"], ["hearers"]),
      turn: lines(["reference"], ["reference"]),
      story: lines(["reference"], ["reference"]),
      kingdom: lines(["reference"], ["reference"]),
      apply: z.record(z.enum(parableThemes), lines(["reference"])),
      prayers: z.record(z.enum(parableThemes), lines([])),
    }),
    miracle: z.strictObject({
      need: z.record(z.enum(miracleKinds), lines(["reference"], ["reference"])),
      act: lines(["reference"], ["reference"]),
      response: lines(["reference"], ["reference"]),
      identity: lines(["reference"], ["reference"]),
      apply: z.record(z.enum(miracleKinds), lines(["reference"])),
      prayers: z.record(z.enum(miracleKinds), lines([])),
    }),
    genres: z.record(
      z.enum(genres),
      z.strictObject({
        observe: lines(["reference"], ["reference"]),
        understand: lines(["reference"], ["reference"]),
        apply: lines(["reference"]),
        prayers: lines([]),
      }),
    ),
  }),
  "parables-miracles.json": parablesMiraclesSchema,
  "verse-roles.json": verseRolesSchema,
  "topic-anchors.json": topicAnchorsSchema,
  "book-contexts.json": bookContextsFileSchema,
};

export type SectionId = (typeof sectionIds)[number];
export type ContentFile = keyof typeof schemas;
export const contentFiles = Object.keys(schemas) as ContentFile[];

/** Parses one content file, or throws an error naming the file and every bad path. */
export function parseContent<File extends ContentFile>(file: File, data: unknown): z.output<(typeof schemas)[File]> {
  const result = schemas[file].safeParse(data);
  if (!result.success) {
    throw new Error(
      `Built-in writer content app/modules/ai/builtin/content/${file} is invalid:\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data as z.output<(typeof schemas)[File]>;
}

export const content = {
  themes: parseContent("themes.json", themes),
  glossary: parseContent("glossary.json", glossary),
  concepts: parseContent("concepts.json", concepts),
  devotionalVoice: parseContent("devotional-voice.json", devotionalVoice),
  devotionalLines: parseContent("devotional-lines.json", devotionalLines),
  devotionalQuestions: parseContent("devotional-questions.json", devotionalQuestions),
  lessonLines: parseContent("lesson-lines.json", lessonLines),
  passageLines: parseContent("passage-lines.json", passageLines),
};

export type Theme = z.output<typeof theme>;
export type Concept = (typeof content.concepts)[number];
