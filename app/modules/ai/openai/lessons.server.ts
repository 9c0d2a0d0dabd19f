import { groundReferences } from "~/modules/bible/grounding.server";
import { versesFor } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { resolveTranslation, type TranslationChoice } from "~/modules/bible/translations";
import { AiError } from "~/utils/errors";
import { lessonMarkdown, type ScriptureLookup } from "~/modules/lesson-format/lesson-markdown";
import { commentaryContextFor } from "../commentary-context.server";
import { scriptureUseFor, topicGuidanceFor } from "../guidance.server";
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

export async function lessonFromTopic(
  model: string,
  input: Parameters<AiProvider["lessonFromTopic"]>[0],
  options?: GenerationOptions,
): Promise<GeneratedStudy> {
  const translation = resolveTranslation(input.settings.translation);
  const lookup = scriptureLookup(translation);
  const { guidance, anchorRanges } = topicGuidanceFor(input.topic);
  // Commentary on the first anchor passages; a topic with no reviewed anchors gets none rather than a guess.
  const commentary: CommentaryContext | undefined =
    anchorRanges.length > 0 ? commentaryContextFor(anchorRanges, 6) : undefined;
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
      guidance,
      use: scriptureUseFor(anchorRanges),
      commentary,
    }),
    onPartial: progressReporter(options, (partial) => render(partial, input.settings, translation, lookup)),
  });
  const drewOn = drewOnNote(
    commentary,
    guidance.topic
      ? `Scripture (${translation.shown}), the app's reviewed passages on ${guidance.topic.name.toLowerCase()} and Nave's Topical Bible`
      : `Scripture (${translation.shown})`,
  );
  return finish(lesson.title, render(lesson, input.settings, translation, lookup), drewOn);
}

export async function lessonFromPassage(
  model: string,
  input: Parameters<AiProvider["lessonFromPassage"]>[0],
  options?: GenerationOptions,
): Promise<GeneratedStudy> {
  const { passage, settings } = input;
  const lookup = scriptureLookup(passage.translation);
  const commentary = commentaryContextFor(passage.ranges);
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
      use: scriptureUseFor(passage.ranges),
      commentary,
    }),
    onPartial: progressReporter(options, (partial) => render(partial, settings, passage.translation, lookup)),
  });
  const drewOn = drewOnNote(commentary, `${passage.reference} (${passage.translation.shown})`);
  return finish(lesson.title, render(lesson, settings, passage.translation, lookup), drewOn);
}
