import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { bookContexts, type BookKind } from "./book-context";
import { versesFor } from "~/modules/bible/passages.server";
import { formatRanges, type VerseRange } from "~/modules/bible/references.server";
import type { ShippedTranslationCode } from "~/modules/bible/translations";
import { SECTION } from "~/modules/lesson-format/sections";
import { content } from "./content";
import { joinList } from "./text";
import { neverApplied, rolesIn, type VerseRole, type VerseRoleKind } from "./verse-roles";
import { fill, type Voice } from "./voice";

const lines = content.lessonLines;

/** A passage the lesson is built on: "(Ruth 1:1-5)" and its verses. */
export interface LessonPassage {
  reference: string;
  ranges: VerseRange[];
}

/** What a lesson is about: a topic's passages, or one passage and its parts. */
export type Focus =
  | { kind: "topic"; passages: LessonPassage[]; /** The topic's reviewed closing prayer. */ prayer: string }
  | { kind: "passage"; passage: LessonPassage; parts: LessonPassage[] };

export function cite(reference: string) {
  return `(${reference})`;
}

/** The kind of writing a passage is, from its book: it decides which questions fit. */
export function genreOf(ranges: VerseRange[]): BookKind {
  const book = bookByOrder(splitVerseId(ranges[0]!.start).bookOrder)!;
  return bookContexts[book.id]?.kind ?? "history";
}

/**
 * The reviewed roles inside some verses (verse-roles.json), leaving out any that touch a verse
 * listed as never to be applied: the writer calls a verse a promise, a command, a memory verse
 * or a prayer only when reviewed data says so.
 */
export function reviewedRoles(ranges: VerseRange[], kind?: VerseRoleKind): VerseRole[] {
  return rolesIn(ranges, kind).filter((role) => {
    for (let id = role.range.start; id <= role.range.end; id++) if (neverApplied(id)) return false;
    return true;
  });
}

/** Whether some of these verses are listed as never to be applied as promise, command or prayer. */
export function touchesNeverApplied(ranges: VerseRange[]) {
  return ranges.some((range) => {
    for (let id = range.start; id <= range.end; id++) if (neverApplied(id)) return true;
    return false;
  });
}

export function roleReference(role: VerseRole) {
  return cite(formatRanges([role.range]));
}

/** A wording from a list, passing over those the lesson has used already (recorded in `used`). */
export function pickFresh(voice: Voice, slot: string, list: readonly string[], used: Set<string>): string {
  const first = voice.pick(slot, list);
  const start = list.indexOf(first);
  for (let offset = 0; offset < list.length; offset++) {
    const line = list[(start + offset) % list.length]!;
    if (!used.has(line)) {
      used.add(line);
      return line;
    }
  }
  return first;
}

/**
 * A question for one passage: what a reviewed role says it is (a promise or a command, with who
 * speaks to whom), else who is speaking when the passage has words that must not be taken as
 * ours, else a question that fits its kind of writing. `used` keeps one lesson from asking the
 * same question of two passages.
 */
export function questionFor(passage: LessonPassage, voice: Voice, slot: string, used: Set<string>): string {
  const [role] = reviewedRoles(passage.ranges).filter((entry) => entry.kind === "promise" || entry.kind === "command");
  if (role) {
    const values = { reference: roleReference(role), speaker: role.speaker, addressee: role.addressee };
    return fill(pickFresh(voice, `${slot}-role`, lines.questions[role.kind as "promise" | "command"], used), values);
  }
  const reference = cite(passage.reference);
  const list = touchesNeverApplied(passage.ranges)
    ? lines.questions.speaker
    : lines.questions.byGenre[genreOf(passage.ranges)];
  return fill(pickFresh(voice, slot, list, used), { reference });
}

/**
 * Application points from reviewed roles only: trust a reviewed promise, do a reviewed command,
 * learn a reviewed memory verse, pray a reviewed prayer; where the passages have none, the
 * lesson's own questions (`asks`, chosen for its kind of passage), else an invitation to read
 * again and ask.
 */
export function applicationPoints(
  passages: LessonPassage[],
  voice: Voice,
  asks: string[] = [],
  fits: (role: VerseRole) => boolean = () => true,
): string[] {
  const points: string[] = [];
  const ranges = passages.flatMap((passage) => passage.ranges);
  for (const kind of ["command", "promise", "memory", "prayer"] as const) {
    const [role] = reviewedRoles(ranges, kind).filter(fits);
    if (!role) continue;
    const point = fill(voice.pick(`apply-${kind}`, lines.applications[kind]), {
      reference: roleReference(role),
      speaker: role.speaker,
      addressee: role.addressee,
    });
    // The reviewer's note says how a word first spoken to others reaches us.
    points.push(role.note ? `${point} *${role.note}*` : point);
  }
  // Where the reviewed data has no role here, the reader is asked, not told.
  for (const ask of asks) if (points.length < 2) points.push(ask);
  const used = new Set<string>();
  for (const [index, passage] of passages.entries()) {
    if (points.length >= 2) break;
    points.push(
      fill(pickFresh(voice, `apply-reflect${index}`, lines.applications.reflect, used), {
        reference: cite(passage.reference),
      }),
    );
  }
  return points.slice(0, voice.plain ? 3 : 4);
}

/** A hands-on activity for the group, built on the lesson's own passages. */
function activityFor(passages: LessonPassage[], voice: Voice): string {
  const list = joinList(passages.map((passage) => cite(passage.reference)));
  const { activities, prayerStations } = lines.shared;
  const choice = voice.devotional ? prayerStations : voice.pick("activity", activities);
  const minutes = voice.plain ? "10 minutes" : "15 minutes";
  return [
    `**${choice.name}** (about ${minutes})`,
    "",
    ...choice.steps.map((step, index) => `${index + 1}. ${fill(step, { list })}`),
  ].join("\n");
}

/** How to run the session, with times, for whoever leads it. */
function sessionPlan(focus: Focus, passages: LessonPassage[], voice: Voice): string {
  const opener =
    focus.kind === "topic"
      ? voice.pick("opener", lines.shared.openers.topic)
      : fill(voice.pick("opener", lines.shared.openers.passage), { reference: focus.passage.reference });
  const reading = joinList(passages.map((passage) => cite(passage.reference)));
  // A timetable: what is particular to this lesson is said, the rest is a label and a time.
  const rows = [
    `1. **Welcome and opening question** (5 minutes): ${opener}`,
    `2. **Read** ${reading} (10 minutes)`,
    `3. **Discuss** (20 minutes)`,
    `4. **${voice.devotional ? "Prayer stations" : "Activity"}** (${voice.plain ? "10" : "15"} minutes)`,
    `5. **Close** (10 minutes)`,
  ];
  return [...rows, "", voice.pick("tip", lines.shared.tips)].join("\n");
}

/**
 * The words of a prayer a story quotes ("he beat his breast and said, ‘God, have mercy on me, a
 * sinner!’"): what is inside the quotation when the verses end with it, or, when the prayer goes
 * on past the verses prayed ("Then I said: “O LORD, God of heaven…"), what follows the short
 * lead-in; else the verses whole.
 */
export function prayedWords(text: string): string {
  const quoted = text.match(/[,:]\s*[“‘](.+[.!?])[”’]+$/);
  if (quoted) return quoted[1]!;
  // (’ before a letter is an apostrophe, not a closing quotation mark.)
  const opened = text.match(/^[^“‘”]{1,80}?[,:]\s*(?:“([^”]+)|‘((?:[^’]|’(?=\w))+))$/);
  if (opened) return (opened[1] ?? opened[2])!;
  return text;
}

/**
 * The closing prayer: the words of a reviewed prayer among the lesson's passages, prayed as they
 * stand; else the prayer the lesson chose for its kind of passage (`chosen`); else a short prayer
 * in the tone of the settings that names the passages read.
 */
function closingPrayer(
  passages: LessonPassage[],
  voice: Voice,
  translation: ShippedTranslationCode,
  chosen?: string,
): string {
  const [prayer] = reviewedRoles(
    passages.flatMap((passage) => passage.ranges),
    "prayer",
  );
  if (prayer) {
    const verses = versesFor([prayer.range], translation).filter((verse) => verse.text);
    if (verses.length > 0 && verses.length <= 6)
      return [
        fill(voice.pick("pray-passage", lines.shared.prayPassage), { reference: roleReference(prayer) }),
        "",
        `> ${prayedWords(verses.map((verse) => verse.text).join(" "))}`,
      ].join("\n");
  }
  if (chosen) return chosen;
  const references = joinList(passages.slice(0, 3).map((passage) => cite(passage.reference)));
  return fill(voice.say("prayer", lines.shared.closingPrayer), { references });
}

const CITATION =
  /\(((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?(?:; \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?)*)\)/g;

/** Footnotes or Endnotes citation style: every passage cited, in order of first appearance. */
function citationList(text: string, voice: Voice): string {
  const seen: string[] = [];
  for (const match of text.matchAll(CITATION)) if (!seen.includes(match[1]!)) seen.push(match[1]!);
  const title = voice.settings.citationFormat === "Footnotes" ? "Scripture Notes" : "Scripture Index";
  return [`## ${title}`, "", ...seen.map((reference, index) => `${index + 1}. (${reference})`)].join("\n");
}

/**
 * The closing sections both lesson kinds end with (Group Activity, Session Plan when the voice
 * wants one, Closing Prayer, then the citation list when asked), appended to `sections`. `prayer`
 * is the lesson's own choice of closing prayer, when it has one.
 */
export function finishLesson(
  sections: string[],
  focus: Focus,
  voice: Voice,
  translation: ShippedTranslationCode,
  prayer?: string,
): string {
  const passages = focus.kind === "topic" ? focus.passages : [focus.passage];
  const pieces = focus.kind === "passage" && focus.parts.length > 1 ? focus.parts : passages;
  sections.push(`## ${SECTION.groupActivity}\n\n${activityFor(pieces, voice)}`);
  if (voice.explain || voice.studious)
    sections.push(`## ${SECTION.sessionPlan}\n\n${sessionPlan(focus, passages, voice)}`);
  // A topic has its own reviewed prayer; a passage prays its words, or the prayer chosen for it.
  const closing = focus.kind === "topic" ? focus.prayer : closingPrayer(passages, voice, translation, prayer);
  sections.push(`## ${SECTION.closingPrayer}\n\n${closing}`);
  if (voice.listCitations) sections.push(citationList(sections.join("\n\n"), voice));
  return sections.join("\n\n");
}
