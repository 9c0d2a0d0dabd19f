import { groundReferences } from "~/modules/bible/grounding.server";
import { versesFor } from "~/modules/bible/passages.server";
import { formatRanges, parseReference } from "~/modules/bible/references.server";
import { searchVerses } from "~/modules/bible/search.server";
import { findTopics } from "~/modules/bible/topics.server";
import { resolveTranslation, type TranslationChoice } from "~/modules/bible/translations";
import { AiError } from "~/utils/errors";
import { lessonMarkdown, type ScriptureLookup } from "../lesson-markdown";
import { henryExcerpts } from "../builtin/commentary.server";
import { completeStructured } from "../openai-client.server";
import { drewOnNote, type CommentaryContext } from "../prompts/commentary";
import {
  passageLessonMessages,
  passageLessonSchema,
  passageLessonWire,
  topicLessonMessages,
  topicLessonSchema,
  topicLessonWire,
} from "../prompts/lessons";
import type { AiProvider, GeneratedStudy, GenerationOptions } from "../provider";
import type { AiSettingsInput } from "../settings";

/** Looks references up in the shipped Bible, once each per lesson (partial answers repeat them). */
function scriptureLookup(translation: TranslationChoice): ScriptureLookup {
  const cache = new Map<string, ReturnType<ScriptureLookup>>();
  return (reference) => {
    const key = reference.trim();
    if (!cache.has(key)) {
      const parsed = parseReference(key);
      cache.set(
        key,
        parsed.ok ? { label: parsed.label, verses: versesFor(parsed.ranges, translation.shown).slice(0, 7) } : null,
      );
    }
    return cache.get(key)!;
  };
}

/** Passages the topical index and the full-text search link to a topic, to steer the model. */
function suggestedScriptures(topic: string): string[] {
  const found = new Set<string>();
  for (const entry of findTopics(topic, 2)) {
    for (const range of entry.ranges.slice(0, 6)) found.add(formatRanges([range]));
  }
  for (const hit of searchVerses(topic, { limit: 6 })) found.add(hit.reference);
  return [...found].slice(0, 10);
}

function render(lesson: unknown, settings: AiSettingsInput, translation: TranslationChoice, lookup: ScriptureLookup) {
  const markdown = lessonMarkdown(lesson, {
    lookup,
    translationLabel: `${translation.shownName} (${translation.shown})`,
    listCitations: settings.citationFormat === "Inline" ? undefined : settings.citationFormat,
  });
  // Every reference the model wrote anywhere is checked against the shipped Bible.
  return groundReferences(markdown).text;
}

function progressReporter(options: GenerationOptions | undefined, draw: (partial: unknown) => string) {
  if (!options?.onProgress) return undefined;
  return (partial: unknown) => {
    const markdown = draw(partial);
    if (markdown) options.onProgress!(markdown);
  };
}

function finish(title: string, content: string, drewOn: string): GeneratedStudy {
  if (!content.trim()) throw new AiError("The AI provider returned an empty lesson. Please try again.", 502);
  return { title: title.trim().slice(0, 200), content: `${content}\n\n${drewOn}` };
}

/** Henry on the topic's first suggested passages: the context a topic lesson draws on. */
function topicCommentary(suggestions: string[]): CommentaryContext {
  const ranges = suggestions.slice(0, 3).flatMap((reference) => {
    const parsed = parseReference(reference);
    return parsed.ok ? parsed.ranges : [];
  });
  return henryExcerpts(ranges, [], 6);
}

export async function lessonFromTopic(
  model: string,
  input: Parameters<AiProvider["lessonFromTopic"]>[0],
  options?: GenerationOptions,
): Promise<GeneratedStudy> {
  const translation = resolveTranslation(input.settings.translation);
  const lookup = scriptureLookup(translation);
  const suggestions = suggestedScriptures(input.topic);
  const commentary = topicCommentary(suggestions);
  const lesson = await completeStructured({
    schema: topicLessonSchema,
    wireSchema: topicLessonWire,
    schemaName: "topic_lesson",
    model,
    signal: options?.signal,
    messages: topicLessonMessages({
      topic: input.topic,
      settings: input.settings,
      translation,
      suggestions,
      commentary,
    }),
    onPartial: progressReporter(options, (partial) => render(partial, input.settings, translation, lookup)),
  });
  const drewOn = drewOnNote(commentary, `Scripture (${translation.shown}) and Nave's Topical Bible`);
  return finish(lesson.title, render(lesson, input.settings, translation, lookup), drewOn);
}

export async function lessonFromPassage(
  model: string,
  input: Parameters<AiProvider["lessonFromPassage"]>[0],
  options?: GenerationOptions,
): Promise<GeneratedStudy> {
  const { passage, settings } = input;
  const lookup = scriptureLookup(passage.translation);
  const commentary = henryExcerpts(passage.ranges);
  const lesson = await completeStructured({
    schema: passageLessonSchema,
    wireSchema: passageLessonWire,
    schemaName: "passage_lesson",
    model,
    signal: options?.signal,
    messages: passageLessonMessages({
      reference: passage.reference,
      verses: passage.verses,
      settings,
      translation: passage.translation,
      commentary,
    }),
    onPartial: progressReporter(options, (partial) => render(partial, settings, passage.translation, lookup)),
  });
  const drewOn = drewOnNote(commentary, `${passage.reference} (${passage.translation.shown})`);
  return finish(lesson.title, render(lesson, settings, passage.translation, lookup), drewOn);
}
