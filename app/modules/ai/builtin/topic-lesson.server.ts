import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { versesByIds } from "~/modules/bible/lexicon.server";
import { versesFor } from "~/modules/bible/passages.server";
import { countVerses, findReferences, formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { findTopics } from "~/modules/bible/topics.server";
import { resolveTranslation, type ShippedTranslationCode } from "~/modules/bible/translations";
import { SECTION } from "~/modules/studies/sections";
import { UnprocessableError } from "~/utils/errors";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { content } from "./content";
import { applicationPoints, cite, finishLesson, questionFor, type Focus, type LessonPassage } from "./lesson-parts";
import { noteOn, quoteNote } from "./lesson-notes";
import { blockquote, snippet } from "./scripture.server";
import { joinList, titleCase } from "./text";
import { matchTopic, type TopicAnchor } from "./topic-anchors";
import { createVoice, fill, type Voice } from "./voice";

const lines = content.lessonLines;

/** The longest passage quoted whole under Key Scriptures; a longer one is quoted in part. */
const MAX_QUOTED_VERSES = 10;

interface Anchor extends LessonPassage {
  why: string;
}

/**
 * The topic a user's words mean (topic-anchors.json), or an honest refusal naming the closest
 * topics: a lesson built on a word the topic happens to share with a verse ("a single hour" for
 * singleness) would teach the wrong thing.
 */
function topicFor(query: string): TopicAnchor {
  const match = matchTopic(query);
  if ("topic" in match) return match.topic;
  const offer = match.closest.length > 0 ? ` The closest we have: ${joinList(match.closest, "or")}.` : "";
  throw new UnprocessableError(
    `We have no reviewed passages for “${query.trim()}” yet, so we will not guess.${offer} Choose one of these, or try other words.`,
    match.closest,
  );
}

function anchorsOf(topic: TopicAnchor, voice: Voice): Anchor[] {
  const count = voice.plain ? 3 : voice.deep ? 5 : 4;
  return topic.anchors.slice(0, count).map((anchor) => ({
    reference: formatRanges(anchor.ranges),
    ranges: anchor.ranges,
    why: anchor.why,
  }));
}

/** The anchor's text: whole when short, else its opening verses and a pointer to read the rest. */
function quoted(anchor: Anchor, translation: ShippedTranslationCode) {
  const verses = versesFor(anchor.ranges, translation).filter((verse) => verse.text);
  if (verses.length <= MAX_QUOTED_VERSES) return blockquote(verses);
  const shown = verses.slice(0, 6);
  const rest = { start: verses[6]!.id, end: verses.at(-1)!.id };
  return `${blockquote(shown)}\n\nRead on to the end of the passage ${cite(formatRanges([rest]))}.`;
}

function overview(topic: TopicAnchor, anchors: Anchor[], voice: Voice) {
  const intro = fill(voice.pick("intro", lines.topic.intros), { count: String(anchors.length) });
  return [intro, "", ...anchors.map((anchor) => `- ${cite(anchor.reference)}: ${anchor.why}`)].join("\n");
}

function keyScriptures(
  topic: TopicAnchor,
  anchors: Anchor[],
  voice: Voice,
  translation: ReturnType<typeof resolveTranslation>,
) {
  const used = new Set<string>();
  const parts = anchors.map((anchor) => {
    const note = noteOn(anchor.ranges, voice, used, {
      about: `${topic.name} ${topic.aliases.join(" ")} ${anchor.why}`,
    });
    return [
      `### ${cite(anchor.reference)}`,
      "",
      quoted(anchor, translation.shown),
      ...(note ? ["", quoteNote(note)] : []),
    ].join("\n");
  });
  return [`*Quotations: ${translation.shownName} (${translation.shown})*`, "", parts.join("\n\n")].join("\n");
}

/**
 * Nave's Topical Bible widens the study from its anchors: of the passages Nave files under the
 * topic's entries, those the cross-references link to an anchor first, and never an anchor again.
 */
function widen(topic: TopicAnchor, anchors: Anchor[], voice: Voice): string | null {
  const anchorRanges = anchors.flatMap((anchor) => anchor.ranges);
  const inside = (range: VerseRange) =>
    anchorRanges.some((anchor) => range.start <= anchor.end && anchor.start <= range.end);
  const linked = new Set(crossReferencesFor(anchorRanges, 60).map((reference) => reference.range.start));
  const blocks: string[] = [];
  for (const name of topic.nave.slice(0, voice.deep ? 2 : 1)) {
    const [entry] = findTopics(name, 1);
    if (!entry || entry.name.toLowerCase() !== name.toLowerCase()) continue;
    const ranges = [...entry.ranges, ...entry.subtopics.flatMap((subtopic) => subtopic.ranges)].filter(
      (range) => countVerses([range]) <= 3 && !inside(range),
    );
    const chosen = [...new Map(ranges.map((range) => [range.start, range])).values()]
      .sort((a, b) => Number(linked.has(b.start)) - Number(linked.has(a.start)) || a.start - b.start)
      .slice(0, voice.deep ? 6 : 4)
      .sort((a, b) => a.start - b.start);
    if (chosen.length < 2) continue;
    blocks.push(
      [
        fill(voice.pick(`widen-${name}`, lines.topic.widen), { entry: entry.name }),
        "",
        chosen.map((range) => cite(formatRanges([range]))).join(" "),
      ].join("\n"),
    );
  }
  const related = topic.related
    .map((id) => matchTopic(id.replace(/-/g, " ")))
    .flatMap((match) => ("topic" in match ? [`*${match.topic.name}*`] : []))
    .slice(0, 3);
  if (related.length > 0) blocks.push(fill(voice.pick("related", lines.topic.related), { list: joinList(related) }));
  return blocks.length > 0 ? blocks.join("\n\n") : null;
}

/** A reviewed question with its references written as the lesson writes them, "(James 3:5-6)". */
function withCitations(question: string): string {
  let written = "";
  let from = 0;
  for (const found of findReferences(question)) {
    if (!found.valid) continue;
    written += question.slice(from, found.start) + cite(found.label);
    from = found.end;
  }
  return written + question.slice(from);
}

/**
 * Questions that look at the passages first (what they say), then the reviewed questions on the
 * topic itself (topic-anchors.json: from the text to life), then one the reader answers alone.
 */
function questions(topic: TopicAnchor, anchors: Anchor[], voice: Voice): string[] {
  const used = new Set<string>();
  const looking = anchors
    .slice(0, voice.plain ? 1 : voice.deep ? 3 : 2)
    .map((anchor, index) => questionFor(anchor, voice, `q${index}`, used));
  const [first, second] = anchors;
  if (voice.deep && first && second)
    looking.push(
      fill(voice.pick("compare", lines.questions.compare), {
        first: cite(first.reference),
        second: cite(second.reference),
      }),
    );
  const onTopic = topic.questions.slice(0, voice.plain ? 2 : 3).map(withCitations);
  return [...looking, ...onTopic, voice.say("personal", lines.questions.personal)];
}

/** The reviewed practice for the topic first, then what the passages' reviewed roles ask. */
function application(topic: TopicAnchor, anchors: Anchor[], voice: Voice): string[] {
  const practice = topic.practice.map((step) => `**This week:** ${withCitations(step)}`);
  return [...practice, ...applicationPoints(anchors, voice)].slice(0, voice.plain ? 3 : 4);
}

/** Passages linked to the anchors by the cross-references, each with the anchor it sheds light on. */
function crossReferences(anchors: Anchor[], voice: Voice, translation: ShippedTranslationCode) {
  const anchorRanges = anchors.flatMap((anchor) => anchor.ranges);
  const seen = new Set<number>();
  const rows: Array<{ reference: string; start: number; from: string }> = [];
  for (const anchor of anchors.slice(0, voice.deep ? 5 : 3)) {
    let added = 0;
    for (const reference of crossReferencesFor(anchor.ranges, 8)) {
      if (added >= (voice.plain ? 1 : voice.deep ? 3 : 2)) break;
      const inAnchor = anchorRanges.some(
        (range) => reference.range.start >= range.start && reference.range.start <= range.end,
      );
      if (inAnchor || seen.has(reference.range.start) || countVerses([reference.range]) > 3) continue;
      seen.add(reference.range.start);
      rows.push({ reference: reference.reference, start: reference.range.start, from: anchor.reference });
      added++;
    }
  }
  if (rows.length === 0) return null;
  const texts = new Map(
    versesByIds(
      rows.map((row) => row.start),
      translation,
    ).map((verse) => [verse.id, verse.text]),
  );
  return [
    ...rows.map((row) => `- ${cite(row.reference)} “${snippet(texts.get(row.start) ?? "")}” (with ${cite(row.from)})`),
  ].join("\n");
}

/**
 * A lesson plan for a topic: the reviewed anchor passages (topic-anchors.json), each quoted with
 * the commentary placed on it; Nave's and the cross-references widen from them; questions arise
 * from the passages; application only from reviewed roles.
 */
export function topicLesson(query: string, settings: AiSettingsInput): GeneratedStudy {
  const topic = topicFor(query);
  const voice = createVoice(`topic:${topic.id}`, settings);
  const translation = resolveTranslation(settings.translation);
  const anchors = anchorsOf(topic, voice);
  const sections = [overview(topic, anchors, voice)];
  sections.push(`## ${SECTION.keyScriptures}\n\n${keyScriptures(topic, anchors, voice, translation)}`);
  if (!voice.plain) {
    const wider = widen(topic, anchors, voice);
    if (wider) sections.push(`## ${SECTION.whatScriptureSays}\n\n${wider}`);
  }
  sections.push(
    `## ${SECTION.discussionQuestions}\n\n${questions(topic, anchors, voice)
      .map((question, index) => `${index + 1}. ${question}`)
      .join("\n")}`,
  );
  sections.push(
    `## ${SECTION.applicationPoints}\n\n${application(topic, anchors, voice)
      .map((point) => `- ${point}`)
      .join("\n")}`,
  );
  const related = crossReferences(anchors, voice, translation.shown);
  if (related) sections.push(`## ${SECTION.crossReferences}\n\n${related}`);
  const focus: Focus = { kind: "topic", passages: anchors };
  return {
    title: `${titleCase(topic.name)}: ${voice.pick("subtitle", lines.topic.subtitles)}`,
    content: finishLesson(sections, focus, voice, translation.shown),
  };
}
