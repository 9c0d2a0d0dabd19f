import { joinList, keyPhrase, type VerseKind } from "./text";
import { content } from "./content";
import { fill, type Voice } from "./voice";
import { SECTION } from "~/modules/studies/sections";

/** A passage as the shared lesson parts see it. */
export interface LessonVerse {
  reference: string;
  text: string;
  kind: VerseKind;
}

/** What a lesson is about: a topic ("faith and works") or a passage ("Romans 8:28-39"). */
export type Focus = { kind: "topic"; subject: string } | { kind: "passage"; reference: string };

/** A hands-on activity for the group, built on the lesson's own passages. */
function activityFor(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const references = verses.map((verse) => `(${verse.reference})`);
  const values = {
    list: joinList(references),
    about: focus.kind === "topic" ? `our understanding of ${focus.subject}` : `the passage as a whole`,
    says: focus.kind === "topic" ? `says about ${focus.subject}` : `says`,
    struggle:
      focus.kind === "topic"
        ? `who would be helped by what Scripture says about ${focus.subject}`
        : `who needs to hear what ${focus.reference} says right now`,
    parts: focus.kind === "topic" ? "key scriptures" : "sections of the passage",
    theme: focus.kind === "topic" ? focus.subject : "this passage",
  };
  const { activities, prayerStations } = content.lessonLines.shared;
  const choice = voice.devotional ? prayerStations : voice.pick("activity", activities);
  const minutes = voice.plain ? "10 minutes" : "15 minutes";
  return [
    `**${choice.name}** (about ${minutes})`,
    "",
    ...choice.steps.map((step, index) => `${index + 1}. ${fill(step, values)}`),
  ].join("\n");
}

/** How to run the session, with times, for whoever leads it. */
function sessionPlan(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const { openers } = content.lessonLines.shared;
  const opener =
    focus.kind === "topic"
      ? fill(voice.pick("opener", openers.topic), { subject: focus.subject })
      : fill(voice.pick("opener", openers.passage), { reference: focus.reference });
  const rows = [
    `1. **Welcome and opening question** (5 minutes): ${opener}`,
    `2. **Read the Scriptures** (10 minutes): ask ${verses.length > 3 ? "different people" : "someone"} to read ${focus.kind === "topic" ? "the key scriptures" : focus.reference} aloud, slowly.`,
    `3. **Discuss** (20 minutes): work through the discussion questions; there is no need to finish them all.`,
    `4. **Group activity** (${voice.plain ? "10" : "15"} minutes).`,
    `5. **Apply and pray** (10 minutes): invite each person to choose one application point, then close with the prayer.`,
  ];
  const tip = voice.pick("tip", content.lessonLines.shared.tips);
  return [...rows, "", tip].join("\n");
}

/** A short closing prayer in the tone of the settings, grounded in one of the lesson's passages. */
function closingPrayer(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const subject = focus.kind === "topic" ? focus.subject : `what we have read in ${focus.reference}`;
  const living = focus.kind === "topic" ? focus.subject : "this word";
  const anchor =
    verses.find((verse) => verse.kind === "promise") ??
    verses.find((verse) => verse.kind === "praise") ??
    verses.find((verse) => verse.kind === "teaching") ??
    verses[0];
  const phrase = anchor ? keyPhrase(anchor.text, { maxWords: 12 }) : "";
  const quoted = anchor ? `“${phrase}” (${anchor.reference})` : "your word";
  return fill(voice.say("prayer", content.lessonLines.shared.closingPrayer), { quoted, subject, living });
}

const CITATION =
  /\(((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?(?:; \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?)*)\)/g;

/** Footnotes or Endnotes citation style: every passage cited, in order of first appearance. */
function citationList(content: string, voice: Voice): string {
  const seen: string[] = [];
  for (const match of content.matchAll(CITATION)) {
    if (!seen.includes(match[1]!)) seen.push(match[1]!);
  }
  const title = voice.settings.citationFormat === "Footnotes" ? "Scripture Notes" : "Scripture Index";
  return [
    `## ${title}`,
    "",
    "Every passage cited in this lesson, in order of appearance:",
    "",
    ...seen.map((reference, index) => `${index + 1}. (${reference})`),
  ].join("\n");
}

/**
 * The closing sections both lesson kinds end with (Group Activity, Session Plan when the voice wants
 * one, Closing Prayer, then the citation list when asked), appended to `sections`; the lesson's text.
 */
export function finishLesson(sections: string[], focus: Focus, verses: LessonVerse[], voice: Voice): string {
  sections.push(`## ${SECTION.groupActivity}\n\n${activityFor(focus, verses, voice)}`);
  if (voice.explain || voice.studious)
    sections.push(`## ${SECTION.sessionPlan}\n\n${sessionPlan(focus, verses, voice)}`);
  sections.push(`## ${SECTION.closingPrayer}\n\n${closingPrayer(focus, verses, voice)}`);
  if (voice.listCitations) sections.push(citationList(sections.join("\n\n"), voice));
  return sections.join("\n\n");
}
