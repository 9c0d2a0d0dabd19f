import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { versesByIds } from "~/modules/bible/lexicon.server";
import { versesFor } from "~/modules/bible/passages.server";
import { countVerses, findReferences, formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { findTopics } from "~/modules/bible/topics.server";
import { resolveTranslation, type ShippedTranslationCode } from "~/modules/bible/translations";
import { SECTION } from "~/modules/lesson-format/sections";
import { UnprocessableError } from "~/utils/errors";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { content } from "./content";
import {
  applicationPoints,
  cite,
  finishLesson,
  questionFor,
  touchesNeverApplied,
  type Focus,
  type LessonPassage,
} from "./lesson-parts";
import { noteOn, quoteNote } from "./lesson-notes";
import { blockquote, snippet } from "./scripture.server";
import { stem } from "./stem";
import { joinList, STOP_WORDS, titleCase } from "./text";
import { matchStudy, topicById, type TopicAnchor } from "./topic-anchors";
import type { VerseRole } from "./verse-roles";
import { createVoice, fill, type Voice } from "./voice";

const lines = content.lessonLines;

/** The longest passage quoted whole under Key Scriptures; a longer one is quoted in part. */
const MAX_QUOTED_VERSES = 10;

interface Anchor extends LessonPassage {
  why: string;
  /** The words a commentary note on it should be about: its topic's names and what it teaches. */
  about: string;
}

/** One topic, or two joined ("Pride and humility"), with what the lesson draws from each. */
interface Study {
  topics: TopicAnchor[];
  anchors: Anchor[];
  /** The reviewed questions and practice of the topics, trimmed so a pair keeps a lesson's length. */
  questions: string[];
  practice: string[];
  nave: string[];
  related: string[];
  prayer: string;
  /** The person or setting the request names that the passages do not speak of ("teenagers"). */
  unspoken: string | null;
}

/**
 * The topic or topics a user's words mean (topic-anchors.json), or an honest refusal naming the
 * closest topics: a lesson built on a word the topic happens to share with a verse ("a single
 * hour" for singleness) would teach the wrong thing, and so would half a pair ("Pride and
 * xylophones").
 */
function studyFor(query: string, voice: (topics: TopicAnchor[]) => Voice): { study: Study; voice: Voice } {
  const match = matchStudy(query);
  if ("closest" in match) {
    const offer = match.closest.length > 0 ? ` The closest we have: ${joinList(match.closest, "or")}.` : "";
    throw new UnprocessableError(
      `We have no reviewed passages for “${query.trim()}” yet, so we will not guess.${offer} Choose one of these, or try other words.`,
      match.closest,
    );
  }
  const { topics, unspoken } = match;
  const chosen = voice(topics);
  const pair = topics.length === 2;
  const anchors = anchorsOf(topics, chosen);
  /** Takes from each topic in turn: the best of each first. */
  const alternate = <T>(lists: T[][], count: number) =>
    Array.from({ length: Math.max(...lists.map((list) => list.length)) }, (_, index) =>
      lists.flatMap((list) => (index < list.length ? [list[index]!] : [])),
    )
      .flat()
      .slice(0, count);
  return {
    voice: chosen,
    study: {
      topics,
      anchors,
      questions: pair
        ? alternate(
            topics.map((topic) => readFirst(topic.questions, anchors)),
            chosen.plain ? 3 : 4,
          )
        : topics[0]!.questions,
      practice: pair ? topics.map((topic) => topic.practice[0]!) : topics[0]!.practice,
      nave: alternate(
        topics.map((topic) => topic.nave),
        pair || chosen.deep ? 2 : 1,
      ),
      related: [...new Set(topics.flatMap((topic) => topic.related))].filter(
        (id) => !topics.some((topic) => topic.id === id),
      ),
      // One prayer: the first topic's without its Amen, then the second's.
      prayer: topics
        .map((topic) => topic.prayer)
        .join(" ")
        .replace(/ Amen\. (?=.)/, " "),
      unspoken,
    },
  };
}

/**
 * Questions on the passages the lesson reads first, in their reviewed order: a pair reads only the
 * best anchors of each topic, and a question on one left out would send the group elsewhere.
 */
function readFirst(questions: string[], anchors: Anchor[]): string[] {
  const read = (question: string) =>
    findReferences(question)
      .filter((found) => found.valid)
      .every((found) =>
        found.ranges.some((range) =>
          anchors.some((anchor) => anchor.ranges.some((other) => other.start <= range.end && range.start <= other.end)),
        ),
      );
  return [...questions.filter(read), ...questions.filter((question) => !read(question))];
}

/**
 * The anchors a lesson reads: the topic's best, or for a pair the best of each in turn (a passage
 * both topics list is read once), four or five in all.
 */
function anchorsOf(topics: TopicAnchor[], voice: Voice): Anchor[] {
  const count = topics.length === 1 ? (voice.plain ? 3 : voice.deep ? 5 : 4) : voice.deep ? 5 : 4;
  const chosen: Anchor[] = [];
  const overlaps = (ranges: VerseRange[]) =>
    chosen.some((anchor) =>
      anchor.ranges.some((range) => ranges.some((other) => other.start <= range.end && range.start <= other.end)),
    );
  for (let index = 0; chosen.length < count && topics.some((topic) => index < topic.anchors.length); index++)
    for (const topic of topics) {
      const anchor = topic.anchors[index];
      if (!anchor || chosen.length >= count || overlaps(anchor.ranges)) continue;
      chosen.push({
        reference: formatRanges(anchor.ranges),
        ranges: anchor.ranges,
        why: anchor.why,
        about: `${topic.name} ${topic.aliases.join(" ")} ${anchor.why}`,
      });
    }
  return chosen;
}

/** "*Pride* and *Humility*": the topics as titles, for the lesson's own sentences. */
function topicNames(study: Study) {
  return joinList(study.topics.map((topic) => `*${topic.name}*`));
}

/** The anchor's text: whole when short, else its opening verses and a pointer to read the rest. */
function quoted(anchor: Anchor, translation: ShippedTranslationCode) {
  const verses = versesFor(anchor.ranges, translation).filter((verse) => verse.text);
  if (verses.length <= MAX_QUOTED_VERSES) return blockquote(verses);
  const shown = verses.slice(0, 6);
  const rest = { start: verses[6]!.id, end: verses.at(-1)!.id };
  return `${blockquote(shown)}\n\nRead on to the end of the passage ${cite(formatRanges([rest]))}.`;
}

/**
 * Why each passage is here; first, when the request named a person or setting no passage speaks
 * of, one sentence saying so, so that "Parenting teenagers" is not silently a study of parenting.
 */
function overview(study: Study, voice: Voice) {
  const count = String(study.anchors.length);
  const intro =
    study.topics.length === 2
      ? fill(voice.pick("intro", lines.topic.pairIntros), { count, titles: topicNames(study) })
      : fill(voice.pick("intro", lines.topic.intros), { count });
  const partial = study.unspoken
    ? [fill(voice.pick("partial", lines.topic.partial), { titles: topicNames(study), rest: `“${study.unspoken}”` }), ""]
    : [];
  return [...partial, intro, "", ...study.anchors.map((anchor) => `- ${cite(anchor.reference)}: ${anchor.why}`)].join(
    "\n",
  );
}

function keyScriptures(study: Study, voice: Voice, translation: ReturnType<typeof resolveTranslation>) {
  const used = new Set<string>();
  const parts = study.anchors.map((anchor) => {
    const note = noteOn(anchor.ranges, voice, used, { about: anchor.about });
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
function widen(study: Study, voice: Voice): string | null {
  const anchorRanges = study.anchors.flatMap((anchor) => anchor.ranges);
  const inside = (range: VerseRange) =>
    anchorRanges.some((anchor) => range.start <= anchor.end && anchor.start <= range.end);
  const linked = new Set(crossReferencesFor(anchorRanges, 60).map((reference) => reference.range.start));
  const blocks: string[] = [];
  // Two entries often file the same verses ("Pride" and "Humility" both list Proverbs 11:2).
  const listed = new Set<number>();
  for (const name of study.nave) {
    const [entry] = findTopics(name, 1);
    if (!entry || entry.name.toLowerCase() !== name.toLowerCase()) continue;
    const ranges = [...entry.ranges, ...entry.subtopics.flatMap((subtopic) => subtopic.ranges)].filter(
      (range) => countVerses([range]) <= 3 && !inside(range) && !listed.has(range.start),
    );
    const chosen = [...new Map(ranges.map((range) => [range.start, range])).values()]
      .sort((a, b) => Number(linked.has(b.start)) - Number(linked.has(a.start)) || a.start - b.start)
      .slice(0, voice.deep ? 6 : 4)
      .sort((a, b) => a.start - b.start);
    if (chosen.length < 2) continue;
    for (const range of chosen) listed.add(range.start);
    blocks.push(
      [
        fill(voice.pick(`widen-${name}`, lines.topic.widen), { entry: entry.name }),
        "",
        chosen.map((range) => cite(formatRanges([range]))).join(" "),
      ].join("\n"),
    );
  }
  const related = study.related
    .flatMap((id) => {
      const topic = topicById(id);
      return topic ? [`*${topic.name}*`] : [];
    })
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
 * The reviewed questions on the topics themselves (topic-anchors.json), which go from the text to
 * life, after two passages read side by side (for a pair, the first of each topic). A passage is
 * asked about on its own only where it holds words never to be taken as ours ("Who is speaking
 * here, and to whom?"): a question by kind of writing ("What reason does (Galatians 5:22-23) give
 * for what it asks?") came back in most lessons and added nothing to the reviewed ones, and a
 * reviewed promise or command is already an application point.
 */
function questions(study: Study, voice: Voice): string[] {
  const used = new Set<string>();
  const looking = study.anchors
    .filter((anchor) => touchesNeverApplied(anchor.ranges))
    .slice(0, voice.plain ? 1 : voice.deep ? 3 : 2)
    .map((anchor, index) => questionFor(anchor, voice, `q${index}`, used));
  const [first, second] = study.anchors;
  if (!voice.plain && first && second)
    looking.push(
      fill(voice.pick("compare", lines.questions.compare), {
        first: cite(first.reference),
        second: cite(second.reference),
      }),
    );
  return [...looking, ...study.questions.map(withCitations)];
}

function stemsOf(text: string) {
  return new Set(
    (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length > 3 && !STOP_WORDS.has(word)).map(stem),
  );
}

/**
 * A reviewed command is offered to obey only where it speaks of the topic: an anchor chosen for
 * one clause of a verse ("I will never leave you", Hebrews 13:5, on loneliness) is no reason to
 * tell a lonely reader to keep free from the love of money. Promises, verses to learn and prayers
 * comfort whatever their words, and are kept.
 */
function fitsTopic(study: Study) {
  const topic = stemsOf(
    [
      ...study.topics.flatMap((topic) => [topic.name, ...topic.aliases]),
      ...study.anchors.map((anchor) => anchor.why),
      ...study.questions,
      ...study.practice,
    ].join(" "),
  );
  return (role: VerseRole) => {
    if (role.kind !== "command") return true;
    // The reviewer's note says what the command asks; the verse may hold a promise beside it.
    const said =
      role.note ??
      versesFor([role.range], "BSB")
        .map((verse) => verse.text)
        .join(" ");
    for (const word of stemsOf(said)) if (topic.has(word)) return true;
    return false;
  };
}

/** The reviewed practice for the topics first, then what the passages' reviewed roles ask. */
function application(study: Study, voice: Voice): string[] {
  const practice = study.practice.map((step) => `**This week:** ${withCitations(step)}`);
  return [...practice, ...applicationPoints(study.anchors, voice, [], fitsTopic(study))].slice(0, voice.plain ? 3 : 4);
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
 * A lesson plan for a topic, or two joined: the reviewed anchor passages (topic-anchors.json), each
 * quoted with the commentary placed on it; Nave's and the cross-references widen from them;
 * questions arise from the passages and the reviewed questions; application only from reviewed
 * practice and roles; the topics' reviewed prayer closes it.
 */
export function topicLesson(query: string, settings: AiSettingsInput): GeneratedStudy {
  const { study, voice } = studyFor(query, (topics) =>
    createVoice(`topic:${topics.map((topic) => topic.id).join("+")}`, settings),
  );
  const translation = resolveTranslation(settings.translation);
  const sections = [overview(study, voice)];
  sections.push(`## ${SECTION.keyScriptures}\n\n${keyScriptures(study, voice, translation)}`);
  if (!voice.plain) {
    const wider = widen(study, voice);
    if (wider) sections.push(`## ${SECTION.whatScriptureSays}\n\n${wider}`);
  }
  sections.push(
    `## ${SECTION.discussionQuestions}\n\n${questions(study, voice)
      .map((question, index) => `${index + 1}. ${question}`)
      .join("\n")}`,
  );
  sections.push(
    `## ${SECTION.applicationPoints}\n\n${application(study, voice)
      .map((point) => `- ${point}`)
      .join("\n")}`,
  );
  const related = crossReferences(study.anchors, voice, translation.shown);
  if (related) sections.push(`## ${SECTION.crossReferences}\n\n${related}`);
  const focus: Focus = { kind: "topic", passages: study.anchors, prayer: study.prayer };
  // "Pride and Humility"; "Anxiety and Worry & Depression" where a name has its own "and".
  const names = study.topics.map((topic) => titleCase(topic.name));
  const joined = names.join(names.some((name) => / and /i.test(name)) ? " & " : " and ");
  return {
    title: `${joined}: ${voice.pick("subtitle", lines.topic.subtitles)}`,
    content: finishLesson(sections, focus, voice, translation.shown),
  };
}
