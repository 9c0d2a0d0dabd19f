import { bookByOrder, chapterVerseCount, splitVerseId } from "~/modules/bible/books";
import { bookContexts } from "~/modules/bible/book-context";
import { chapterIntroductions } from "~/modules/bible/commentary.server";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { isName, verseWeights, versesByIds, wordStats, VERSE_COUNT } from "~/modules/bible/lexicon.server";
import type { Passage, Verse } from "~/modules/bible/passages.server";
import { countVerses, formatRanges } from "~/modules/bible/references.server";
import { wordStudies, type WordStudy } from "~/modules/bible/word-study.server";
import { SECTION } from "~/modules/studies/sections";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { content } from "./content";
import {
  applicationPoints,
  cite,
  pickFresh,
  finishLesson,
  genreOf,
  questionFor,
  reviewedRoles,
  touchesNeverApplied,
  type Focus,
  type LessonPassage,
} from "./lesson-parts";
import { noteOn, quoteNote } from "./lesson-notes";
import { segmentPassage } from "./outline";
import { blockquote, snippet } from "./scripture.server";
import { capitalize, escapeMarkdown, keyPhrase, STOP_WORDS, verseNumbers } from "./text";
import { stem } from "./stem";
import { createVoice, fill, type Voice } from "./voice";

const lines = content.lessonLines;

interface Part extends LessonPassage {
  verses: Verse[];
  /** The commentator's title for this part (Henry's Concise chapter outline), when it has one. */
  title?: string;
}

interface KeyWord {
  word: string;
  stem: string;
  verses: Verse[];
  score: number;
}

/** Words of a verse; a compound ("daughters-in-law") stays whole, so "law" is not read into it. */
function wordsOf(text: string) {
  return (
    text
      .toLowerCase()
      .replace(/[’']s\b/g, "")
      .match(/[a-z]+(?:-[a-z]+)*/g) ?? []
  );
}

function chaptersOf(verses: Verse[]) {
  const book = bookByOrder(splitVerseId(verses[0]!.id).bookOrder)!;
  return { book, chapters: [...new Set(verses.map((verse) => verse.chapter))] };
}

/**
 * The passage's parts: the lines of Henry's Concise chapter outline that fall inside it, when
 * there are two or more (his titles, his divisions), else groups found in the text itself.
 */
function partsOf(verses: Verse[]): Part[] {
  if (verses.length <= 3) return [];
  const { book, chapters } = chaptersOf(verses);
  const first = verses[0]!.id;
  const last = verses.at(-1)!.id;
  const outlined: Part[] = [];
  for (const chapter of chapters) {
    for (const intro of chapterIntroductions(book.id, chapter)) {
      if (intro.source !== "mhcc" || !intro.outline) continue;
      for (const line of intro.outline) {
        if (!line.range) continue;
        const start = Math.max(line.range.start, first);
        const end = Math.min(line.range.end, last);
        const inside = verses.filter((verse) => verse.id >= start && verse.id <= end);
        if (inside.length === 0 || outlined.some((part) => part.verses.some((verse) => verse.id === start))) continue;
        const range = { start: inside[0]!.id, end: inside.at(-1)!.id };
        outlined.push({ reference: formatRanges([range]), ranges: [range], verses: inside, title: line.text });
      }
    }
  }
  const covered = outlined.reduce((sum, part) => sum + part.verses.length, 0);
  if (outlined.length >= 2 && covered >= verses.length * 0.8)
    return outlined.sort((a, b) => a.ranges[0]!.start - b.ranges[0]!.start);
  const groups = segmentPassage(verses);
  if (groups.length < 2) return [];
  return groups.map((group) => {
    const range = { start: group[0]!.id, end: group.at(-1)!.id };
    return { reference: formatRanges([range]), ranges: [range], verses: group };
  });
}

/** The passage's most telling repeated words: frequent here, rare elsewhere, names left out. */
function keyWords(verses: Verse[], passage: Passage, voice: Voice): KeyWord[] {
  const forms = new Map<string, Map<string, number>>();
  const versesByStem = new Map<string, Verse[]>();
  for (const verse of verses) {
    const seen = new Set<string>();
    for (const word of wordsOf(verse.text)) {
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      const key = stem(word);
      const counts = forms.get(key) ?? new Map<string, number>();
      counts.set(word, (counts.get(word) ?? 0) + 1);
      forms.set(key, counts);
      if (!seen.has(key)) {
        seen.add(key);
        versesByStem.set(key, [...(versesByStem.get(key) ?? []), verse]);
      }
    }
  }
  const stats = wordStats(
    [...forms.values()].flatMap((counts) => [...counts.keys()]),
    passage.translation.shown,
  );
  const found: KeyWord[] = [];
  for (const [key, counts] of forms) {
    const inVerses = versesByStem.get(key)!;
    if (inVerses.length < 2) continue;
    const [word] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const wordStat = stats.get(word);
    if (!wordStat || isName(wordStat)) continue;
    // A word the passage only ever capitalizes is a name here ("Haran"), whatever it is elsewhere.
    if (!inVerses.some((verse) => new RegExp(`\\b${word}\\b`).test(verse.text))) continue;
    if (/^(?:lord|god|jesus|christ|said|also|will|shall|may|like|one|now|then)$/.test(word)) continue;
    const rarity = Math.log(VERSE_COUNT / (wordStat.count + 1));
    found.push({
      word,
      stem: key,
      verses: inVerses,
      score: inVerses.length * rarity,
    });
  }
  return found.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word)).slice(0, voice.deep ? 5 : 4);
}

function overview(passage: Passage, verses: Verse[], parts: Part[]) {
  const { book } = chaptersOf(verses);
  const note = bookContexts[book.id];
  const paragraphs: string[] = [];
  if (note) paragraphs.push(`${book.name} is ${note.summary}.`);
  if (parts.length > 1) {
    paragraphs.push(
      `${passage.reference} has ${parts.length} parts: ${parts.map((part) => cite(part.reference)).join(", ")}.`,
    );
  }
  return paragraphs.join("\n\n");
}

/** Chapters of reading text in paragraphs of at most eight verses, so the quote stays readable. */
function segmentForReading(verses: Verse[]): Verse[][] {
  const groups: Verse[][] = [];
  for (const verse of verses) {
    const last = groups.at(-1);
    if (last && last.length < 8 && last[0]!.chapter === verse.chapter) last.push(verse);
    else groups.push([verse]);
  }
  return groups;
}

function scriptureSection(passage: Passage, verses: Verse[], weights: Map<number, number>, voice: Voice) {
  const header = `*${passage.reference}, ${passage.translation.shownName} (${passage.translation.shown})*`;
  if (verses.length <= 40)
    return [
      header,
      "",
      segmentForReading(verses)
        .map((group) => blockquote(group))
        .join("\n>\n"),
    ].join("\n");
  const key = [...verses]
    .sort((a, b) => (weights.get(b.id) ?? 0) - (weights.get(a.id) ?? 0) || a.id - b.id)
    .slice(0, voice.deep ? 10 : 8)
    .sort((a, b) => a.id - b.id);
  return [
    header,
    "",
    `The passage has ${verses.length} verses: read it in full together first. These are the verses most often linked to the rest of Scripture:`,
    "",
    key
      .map((verse) => `**${cite(formatRanges([{ start: verse.id, end: verse.id }]))}**\n\n${blockquote([verse])}`)
      .join("\n\n"),
  ].join("\n");
}

/** Each part with the note placed on its own verses: a note on other verses is never borrowed. */
function outlineSection(parts: Part[], voice: Voice, used: Set<string>): { text: string; noted: Part[] } {
  const titled = parts.every((part) => part.title);
  const intro = titled
    ? `*Parts and titles: Matthew Henry, Concise Commentary*`
    : fill(voice.pick("outline-intro", lines.passage.outlineIntros), { count: capitalize(String(parts.length)) });
  const noted: Part[] = [];
  const items = parts.map((part, index) => {
    const heading = `**${index + 1}. ${cite(part.reference)}**${part.title ? ` “${escapeMarkdown(part.title)}”` : ""}`;
    const note = noteOn(part.ranges, voice, used, { count: voice.plain ? 1 : voice.deep ? 3 : 2 });
    if (!note) return heading;
    noted.push(part);
    return `${heading}\n\n${quoteNote(note)}`;
  });
  return { text: [intro, "", items.join("\n\n")].join("\n"), noted };
}

/**
 * The commentary on the passage as a whole: the chapter's introduction when the passage opens the
 * chapter (Spurgeon's overview for a psalm, Henry's otherwise), and for a short passage with no
 * outline the note placed on its verses; Deep Study adds an older writer Spurgeon quotes.
 */
function commentarySection(passage: Passage, verses: Verse[], parts: Part[], voice: Voice, used: Set<string>) {
  const blocks: string[] = [];
  const { book, chapters } = chaptersOf(verses);
  if (verses[0]!.verse === 1) {
    // The Concise Commentary's introduction is its outline, used for the parts: Spurgeon's overview
    // of a psalm, else Henry's introduction to the chapter.
    const intros = chapterIntroductions(book.id, chapters[0]!).filter((intro) => intro.sentences.length > 0);
    const intro = intros.find((entry) => entry.source === "tdavid") ?? intros.find((entry) => entry.source === "mhc");
    if (intro) {
      const fresh = intro.sentences.filter((sentence) => !used.has(sentence)).slice(0, voice.plain ? 2 : 3);
      for (const sentence of fresh) used.add(sentence);
      if (fresh.length > 0) {
        const first = verses[0]!;
        const chapter = formatRanges([
          { start: first.id, end: first.id + chapterVerseCount(book, first.chapter) - first.verse },
        ]);
        blocks.push(`> ${escapeMarkdown(fresh.join(" "))}\n>\n> — ${intro.author}, introduction to ${chapter}`);
      }
    }
  }
  if (parts.length === 0) {
    const note = noteOn(passage.ranges, voice, used);
    if (note) blocks.push(quoteNote(note));
  }
  if (voice.deep) {
    const note = noteOn(passage.ranges, voice, used, { count: 2, sources: ["tdavid"], kinds: ["quotation"] });
    if (note) blocks.push(quoteNote(note));
  }
  return blocks.length > 0 ? blocks.join("\n\n") : null;
}

/**
 * The same word elsewhere in a passage that readers link to the verses using it (OpenBible.info's
 * cross-references), never a bare concordance hit: "fattened" in Luke 15 is not James 5:5's.
 */
function linkedUse(key: KeyWord, passage: Passage): { reference: string; text: string } | null {
  const links = crossReferencesFor(
    key.verses.map((verse) => ({ start: verse.id, end: verse.id })),
    12,
  ).filter((link) => !passage.ranges.some((range) => link.range.start <= range.end && link.range.end >= range.start));
  const texts = new Map(
    versesByIds(
      links.map((link) => link.range.start),
      passage.translation.shown,
    ).map((verse) => [verse.id, verse.text]),
  );
  for (const link of links) {
    const text = texts.get(link.range.start) ?? "";
    const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
    if (words.some((word) => stem(word) === key.stem))
      return { reference: formatRanges([{ start: link.range.start, end: link.range.start }]), text };
  }
  return null;
}

/** Strong's definition without its closing list of KJV renderings (given apart, "In the KJV: ..."). */
function meaningOf(study: WordStudy): string {
  const proper = study.definition.split(/\s*:\s*-{1,2}\s*/)[0]!.replace(/[\s;,.]+$/, "");
  const meaning = proper || study.gloss.replace(/[\s;,.]+$/, "");
  return /[.!?]$/.test(meaning) ? meaning : `${meaning}.`;
}

/** Intermediate: the English words the passage repeats. Deep Study: the Hebrew and Greek behind them. */
function keyWordSection(keys: KeyWord[], passage: Passage, voice: Voice): string | null {
  if (voice.deep) {
    const studies = wordStudies(passage.ranges, 5);
    if (studies.length > 0) {
      const rows = studies.map((study) => {
        const numbers = verseNumbers(study.verses.map((id) => splitVerseId(id).verse));
        const language = study.strongs.startsWith("H") ? "Hebrew" : "Greek";
        const english = study.english.filter(Boolean).slice(0, 3);
        const rendered = english.length > 0 ? ` In the KJV: ${english.map((word) => `“${word}”`).join(", ")}.` : "";
        return `- ${language} **${study.transliteration}** (${study.strongs}), ${numbers}: “${escapeMarkdown(meaningOf(study))}”${rendered} Used ${study.occurrences.toLocaleString("en-US")} times in the Bible.`;
      });
      return [voice.pick("ws-intro", lines.passage.wordStudyIntros), "", ...rows].join("\n");
    }
  }
  if (keys.length === 0) return null;
  const rows = keys.map((key) => {
    const numbers = verseNumbers(key.verses.map((verse) => verse.verse));
    // No glossary meaning: it may be another sense than the passage's ("sons" as adoption).
    const parts = [`- **${capitalize(key.word)}** (${numbers}).`];
    const elsewhere = linkedUse(key, passage);
    if (elsewhere) parts.push(`Elsewhere: ${cite(elsewhere.reference)} “${snippet(elsewhere.text, 12)}”.`);
    return parts.join(" ");
  });
  return [voice.pick("kw-intro", lines.passage.keyWordsIntros), "", ...rows].join("\n");
}

function crossReferenceSection(passage: Passage, voice: Voice) {
  const references = crossReferencesFor(passage.ranges, voice.plain ? 3 : voice.deep ? 10 : 6).filter(
    (reference) => countVerses([reference.range]) <= 4,
  );
  if (references.length === 0) return null;
  const texts = new Map(
    versesByIds(
      references.map((reference) => reference.range.start),
      passage.translation.shown,
    ).map((verse) => [verse.id, verse.text]),
  );
  return [
    ...references.map(
      (reference) => `- ${cite(reference.reference)} “${snippet(texts.get(reference.range.start) ?? "")}”`,
    ),
  ].join("\n");
}

/** Questions that arise from this passage: its kind of writing, its parts, its notes, its speakers. */
function questionSection(passage: Passage, whole: LessonPassage, parts: Part[], noted: Part[], voice: Voice) {
  const reference = cite(passage.reference);
  const genre = lines.questions.byGenre[genreOf(passage.ranges)];
  const used = new Set<string>();
  const observation = [fill(pickFresh(voice, "q-genre", genre, used), { reference })];
  if (parts.length > 0) observation.push(questionFor(parts[0]!, voice, "q-part0", used));
  const interpretation: string[] = [];
  for (let index = 0; index + 1 < parts.length && interpretation.length < (voice.deep ? 2 : 1); index++) {
    interpretation.push(
      fill(voice.pick(`q-connect${index}`, lines.questions.connect), {
        first: cite(parts[index]!.reference),
        second: cite(parts[index + 1]!.reference),
      }),
    );
  }
  const [note] = noted;
  if (note && !voice.plain)
    interpretation.push(fill(voice.pick("q-note", lines.questions.note), { reference: cite(note.reference) }));
  const [crossReference] = crossReferencesFor(passage.ranges, 1);
  if (crossReference && !voice.plain)
    interpretation.push(`Read ${cite(crossReference.reference)}. How does it help you understand ${reference}?`);
  const application: string[] = [];
  const pieces: LessonPassage[] = parts.length > 0 ? parts.slice(1) : [whole];
  for (const [index, piece] of pieces.entries()) {
    if (reviewedRoles(piece.ranges).length > 0 || touchesNeverApplied(piece.ranges))
      application.push(questionFor(piece, voice, `q-apply${index}`, used));
  }
  application.push(voice.say("q-personal", lines.questions.personal));
  const sizes = voice.plain ? [1, 1, 2] : voice.deep ? [2, 4, 3] : [2, 3, 2];
  const groups: Array<[string, string[]]> = [
    ["Observation", observation.slice(0, sizes[0])],
    ["Interpretation", interpretation.slice(0, sizes[1])],
    ["Application", [...new Set(application)].slice(0, sizes[2])],
  ];
  let number = 0;
  return groups
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => [`### ${name}`, "", ...list.map((question) => `${++number}. ${question}`)].join("\n"))
    .join("\n\n");
}

/**
 * The title: a reviewed memory verse of the passage in its own words, else the commentator's
 * title for a passage of one part, else the reference with a plain subtitle.
 */
function titleOf(passage: Passage, verses: Verse[], parts: Part[], voice: Voice) {
  const [memory] = reviewedRoles(passage.ranges, "memory");
  const verse = memory && verses.find((entry) => entry.id === memory.range.start);
  if (verse) return `${passage.reference}: ${capitalize(keyPhrase(verse.text, { maxWords: 14 }))}`;
  const titles = parts.filter((part) => part.title);
  if (titles.length === 1) return `${passage.reference}: ${titles[0]!.title!.replace(/[.;:]$/, "")}`;
  return `${passage.reference}: ${voice.pick("subtitle", lines.passage.subtitles)}`;
}

/**
 * A lesson plan for a passage: its text, its parts each with the note placed on those verses (the
 * Concise Commentary at Beginner), the chapter's introduction, key words (the Hebrew and Greek at
 * Deep Study), cross-references, questions that arise from it, and application from reviewed roles.
 */
export function passageLesson(passage: Passage, settings: AiSettingsInput): GeneratedStudy {
  const voice = createVoice(`passage:${passage.reference}`, settings);
  const verses = passage.verses.filter((verse) => verse.text);
  const weights = verseWeights(verses.map((verse) => verse.id));
  const keys = keyWords(verses, passage, voice);
  const parts = partsOf(verses);
  const whole: LessonPassage = { reference: passage.reference, ranges: passage.ranges };
  const used = new Set<string>();

  const sections = [overview(passage, verses, parts)];
  sections.push(`## ${SECTION.keyScriptures}\n\n${scriptureSection(passage, verses, weights, voice)}`);
  const commentary = commentarySection(passage, verses, parts, voice, used);
  const outline = parts.length > 1 ? outlineSection(parts, voice, used) : null;
  if (outline) sections.push(`## ${SECTION.outline}\n\n${outline.text}`);
  if (commentary) sections.push(`## ${SECTION.commentary}\n\n${commentary}`);
  const keyWordText = voice.plain ? null : keyWordSection(keys, passage, voice);
  if (keyWordText) sections.push(`## ${SECTION.keyWords}\n\n${keyWordText}`);
  const crossReferences = crossReferenceSection(passage, voice);
  if (crossReferences) sections.push(`## ${SECTION.crossReferences}\n\n${crossReferences}`);
  sections.push(
    `## ${SECTION.discussionQuestions}\n\n${questionSection(passage, whole, parts, outline?.noted ?? [], voice)}`,
  );
  sections.push(
    `## ${SECTION.applicationPoints}\n\n${applicationPoints([whole], voice)
      .map((point) => `- ${point}`)
      .join("\n")}`,
  );
  const focus: Focus = { kind: "passage", passage: whole, parts };
  return {
    title: titleOf(passage, verses, parts, voice),
    content: finishLesson(sections, focus, voice, passage.translation.shown),
  };
}
