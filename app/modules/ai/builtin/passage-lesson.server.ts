import { bookByOrder, chapterVerseCount, splitVerseId } from "~/modules/bible/books";
import { bookContexts } from "./book-context";
import { chapterIntroductions } from "~/modules/bible/commentary.server";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { isName, verseWeights, versesByIds, wordStats, VERSE_COUNT } from "~/modules/bible/lexicon.server";
import { versesFor, type Passage, type Verse } from "~/modules/bible/passages.server";
import { countVerses, formatRanges } from "~/modules/bible/references.server";
import { wordStudies, type WordStudy } from "~/modules/bible/word-study.server";
import { SECTION } from "~/modules/lesson-format/sections";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { content } from "./content";
import { genreOf, type Genre } from "./devotional/questions";
import {
  applicationPoints,
  cite,
  pickFresh,
  finishLesson,
  questionFor,
  reviewedRoles,
  touchesNeverApplied,
  type Focus,
  type LessonPassage,
} from "./lesson-parts";
import { announcesList, noteOn, quoteNote } from "./lesson-notes";
import { segmentPassage } from "./outline";
import { gospelUnitsIn, type UnitInPassage } from "./parables-miracles";
import { blockquote, snippet } from "./scripture.server";
import { capitalize, escapeMarkdown, keyPhrase, STOP_WORDS, verseNumbers } from "./text";
import { stem } from "./stem";
import { createVoice, fill, type Voice } from "./voice";

const lines = content.lessonLines;
const passageLines = content.passageLines;
/** Words a passage repeats without leaning on them: divine names and the verbs that tell who speaks. */
const NOT_KEY =
  /^(?:lord|god|jesus|christ|said|saith|saying|spake|asked|answered|answering|replied|told|also|will|shall|may|like|one|now|then)$/;
/** Jesus as the one who acts in a sentence: "Jesus saw the crowds", "Jesus answered him". */
const JESUS_ACTS =
  /\bJesus (?:[a-z]+ed|said|saw|told|went|came|took|began|knew|got|rose|stood|sat|spoke|says|turned|taught|left|withdrew|was|had|did|also|then|again|himself)\b/;
/** Words that carry weight in Scripture (glossary.json, reviewed): a key word among them comes first. */
const weightyStems = new Set(content.glossary.flatMap((entry) => entry.forms).map(stem));

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

/**
 * What the lesson knows of its passage beyond the words: its kind of writing, and the gospel
 * parable or miracle it mostly tells (`main`, the largest, when such units fill at least half its
 * verses) and the others it holds.
 */
interface Reading {
  passage: Passage;
  whole: LessonPassage;
  verses: Verse[];
  parts: Part[];
  keys: KeyWord[];
  genre: Genre;
  main?: UnitInPassage;
  others: UnitInPassage[];
}

function readingOf(passage: Passage, verses: Verse[], parts: Part[], keys: KeyWord[]): Reading {
  const units = gospelUnitsIn(passage.ranges);
  // Parables and miracles told one after another (the mustard seed and the yeast) make the
  // passage theirs together: the largest leads.
  const told = units.reduce((sum, found) => sum + found.share, 0);
  const main = told >= 0.5 ? units[0] : undefined;
  const others = units.filter((found) => found !== main && found.unit.id !== main?.unit.id).slice(0, 2);
  return {
    passage,
    whole: { reference: passage.reference, ranges: passage.ranges },
    verses,
    parts,
    keys,
    genre: genreOf(passage.ranges[0]!.start),
    main,
    others,
  };
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
        // A title names the verses it was written for: a passage holding less than half of them
        // ("The birth of Solomon" over 2 Samuel 12:15 alone) lists the part without it.
        const whole = countVerses([line.range]);
        const title = line.text.trim() && inside.length * 2 >= whole ? line.text : undefined;
        outlined.push({ reference: formatRanges([range]), ranges: [range], verses: inside, title });
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

/**
 * The stems that are half of a set phrase naming a thing ("the fattened calf", "in broad
 * daylight"): every time the word comes, the same word stands beside it. Such a word is not one
 * the passage turns on, unless the glossary counts it as weighty ("a burnt offering" keeps
 * "offering"). A small word or the verse's edge beside it is no phrase.
 */
function setPhraseHalves(verses: Verse[]): Set<string> {
  const neighbours = new Map<string, { before: Set<string>; after: Set<string> }>();
  const side = (word: string | undefined, place: string) => (word && !STOP_WORDS.has(word) ? word : place);
  for (const verse of verses) {
    const words = wordsOf(verse.text);
    for (const [index, word] of words.entries()) {
      if (STOP_WORDS.has(word)) continue;
      const key = stem(word);
      const sides = neighbours.get(key) ?? { before: new Set<string>(), after: new Set<string>() };
      sides.before.add(side(words[index - 1], `${verse.id}:${index}`));
      sides.after.add(side(words[index + 1], `${verse.id}:${index}`));
      neighbours.set(key, sides);
    }
  }
  const halves = new Set<string>();
  for (const [key, sides] of neighbours)
    if (!weightyStems.has(key) && (sides.before.size === 1 || sides.after.size === 1)) halves.add(key);
  return halves;
}

/** The passage's most telling repeated words: frequent here, rare elsewhere, names and set phrases left out. */
function keyWords(verses: Verse[], passage: Passage, voice: Voice): KeyWord[] {
  const forms = new Map<string, Map<string, number>>();
  const versesByStem = new Map<string, Verse[]>();
  const halves = setPhraseHalves(verses);
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
    if (inVerses.length < 2 || halves.has(key)) continue;
    const [word] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const wordStat = stats.get(word);
    if (!wordStat || isName(wordStat)) continue;
    // A word the passage only ever capitalizes is a name here ("Haran"), whatever it is elsewhere.
    if (!inVerses.some((verse) => new RegExp(`\\b${word}\\b`).test(verse.text))) continue;
    if (NOT_KEY.test(word)) continue;
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

/** The parable or miracle a passage tells, as the reviewed data names it: "(Luke 15:11-32) is a parable of Jesus, ...". */
function unitLine(found: UnitInPassage, voice: Voice, after?: UnitInPassage): string {
  const reference = cite(formatRanges(found.ranges));
  const { unit } = found;
  const name = unit.name.replace(/^(?:The|A) /, (article) => article.toLowerCase());
  const { overview } = passageLines;
  if (after?.unit.type === unit.type) {
    const list = unit.type === "miracle" ? overview.anotherMiracle : overview.anotherParable;
    return fill(voice.pick("unit-another", list), { reference, name });
  }
  if (unit.type === "miracle") return fill(voice.pick("unit-miracle", overview.miracle), { reference, name });
  if (!unit.audience || !unit.hearers)
    return fill(voice.pick("unit-parable", overview.parableUnplaced), { reference, name });
  return fill(voice.pick("unit-parable", overview.parable), {
    reference,
    name,
    hearers: unit.hearers,
    audience: cite(formatRanges([unit.audience])),
  });
}

function overview(reading: Reading, voice: Voice) {
  const { verses } = reading;
  const { book } = chaptersOf(verses);
  const note = bookContexts[book.id];
  const paragraphs: string[] = [];
  // "The book of Micah is the prophet Micah's message…", not "Micah is the prophet Micah's message…".
  if (note)
    paragraphs.push(`${note.summary.includes(book.name) ? `The book of ${book.name}` : book.name} is ${note.summary}.`);
  const units = [reading.main, ...reading.others].filter((found): found is UnitInPassage => found !== undefined);
  if (units.length > 0)
    paragraphs.push(units.map((found, index) => unitLine(found, voice, units[index - 1])).join(" "));
  // The parts are the Outline's, each under its title: a line that only counted them said nothing.
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
      const fresh = intro.sentences
        .filter((sentence) => !used.has(sentence) && !announcesList(sentence))
        .slice(0, voice.plain ? 2 : 3);
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

/**
 * The Hebrew and Greek words behind the passage, ranked as its English key words are: by how many
 * of its verses use them and how rare they are elsewhere. A word the KJV renders only by small
 * words and verbs of speaking ("came", "said", "answered") or by half of a set phrase ("fatted
 * calf") is left out.
 */
function studiesOf(passage: Passage, limit: number): WordStudy[] {
  const halves = setPhraseHalves(versesFor(passage.ranges, "KJV"));
  const scored = wordStudies(passage.ranges, 30).flatMap((study) => {
    const words = study.english.flatMap(wordsOf).filter((word) => !STOP_WORDS.has(word) && !NOT_KEY.test(word));
    if (words.length === 0 || words.every((word) => halves.has(stem(word)))) return [];
    return [{ study, score: study.verses.length * Math.log(VERSE_COUNT / (study.occurrences + 1)) }];
  });
  return scored
    .sort((a, b) => b.score - a.score || a.study.strongs.localeCompare(b.study.strongs))
    .slice(0, limit)
    .map(({ study }) => study);
}

/** Intermediate: the English words the passage repeats. Deep Study: the Hebrew and Greek behind them. */
function keyWordSection(keys: KeyWord[], passage: Passage, voice: Voice): string | null {
  if (voice.deep) {
    const studies = studiesOf(passage, 5);
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

/** Questions on a parable or miracle: what a leader asks of one (nobody in a parable is Jesus). */
function unitQuestions(found: UnitInPassage, voice: Voice, used: Set<string>, slot: string) {
  const reference = cite(formatRanges(found.ranges));
  const ask = (name: string, list: readonly string[], values: Record<string, string> = {}) =>
    fill(pickFresh(voice, `${slot}-${name}`, list, used), { reference, ...values });
  const { unit } = found;
  if (unit.type === "miracle") {
    const { miracle } = passageLines;
    return {
      observe: [ask("need", miracle.need[unit.kind]), ask("act", miracle.act)],
      interpret: [ask("response", miracle.response), ask("identity", miracle.identity)],
    };
  }
  const { parable } = passageLines;
  const observe = unit.audience
    ? [ask("audience", parable.audience, { audience: cite(formatRanges([unit.audience])) })]
    : [ask("audience", parable.noAudience)];
  const interpret = unit.hearers ? [ask("hearers", parable.hearers, { hearers: unit.hearers })] : [];
  // A story has a turn; a short picture (the yeast, the pearl) has only its surprise.
  const story = countVerses(unit.ranges) >= 6;
  interpret.push(ask("turn", story ? parable.story : parable.turn), ask("kingdom", parable.kingdom));
  return { observe, interpret };
}

/**
 * Observation questions built from what is known of the passage itself: the commentator's title
 * of one of its parts, its speakers when it quotes speech, the word it repeats most tellingly.
 * Each asks the group to look; none says what they will find.
 */
function specificObservations(reading: Reading, voice: Voice, used: Set<string>): string[] {
  const { observe } = passageLines;
  const found: string[] = [];
  const titled = reading.parts.filter((part) => part.title && part.title.split(/\s+/).length >= 2);
  if (titled.length > 0) {
    const part = voice.pick("q-title-part", titled);
    const title = escapeMarkdown(part.title!.replace(/[.;:,]+$/, ""));
    found.push(fill(pickFresh(voice, "q-title", observe.title, used), { reference: cite(part.reference), title }));
  }
  const reference = cite(reading.passage.reference);
  const speech = reading.verses.filter((verse) => /[“‘]/.test(verse.text)).length;
  const [key] = reading.keys;
  const speakers = speech >= 2 ? fill(pickFresh(voice, "q-speakers", observe.speakers, used), { reference }) : null;
  const repeated =
    key && key.verses.length >= 3
      ? fill(pickFresh(voice, "q-repeated", observe.repeated, used), {
          reference,
          word: key.word,
          verses: verseNumbers(key.verses.map((verse) => verse.verse)),
        })
      : null;
  // Which of the two comes first varies from passage to passage, so lessons do not all read alike.
  const pair = voice.pick("q-order", [0, 1]) === 0 ? [speakers, repeated] : [repeated, speakers];
  return [...found, ...pair.filter((question): question is string => question !== null)];
}

/** Questions that arise from this passage: its parable or miracle, its kind of writing, its parts, its notes, its speakers. */
function questionSection(reading: Reading, noted: Part[], voice: Voice) {
  const { passage, whole, parts, main } = reading;
  const reference = cite(passage.reference);
  const used = new Set<string>();
  const observation: string[] = [];
  const interpretation: string[] = [];
  const asked = main ? unitQuestions(main, voice, used, "q-main") : { observe: [], interpret: [] };
  // The first question on each parable or miracle the passage tells (a large one before the rest
  // of the main one's, a small one after the passage's own); two parables told to the same
  // hearers (Luke 15) are compared instead of asked the same question twice.
  const large: string[] = [];
  const small: string[] = [];
  const compared: string[] = [];
  reading.others.forEach((found, index) => {
    const unit = found.unit;
    const sameHearers =
      main?.unit.type === "parable" &&
      unit.type === "parable" &&
      unit.audience !== undefined &&
      main.unit.audience?.start === unit.audience.start;
    if (sameHearers)
      compared.push(
        fill(pickFresh(voice, `q-compare${index}`, lines.questions.compare, used), {
          first: cite(formatRanges(found.ranges)),
          second: cite(formatRanges(main.ranges)),
        }),
      );
    else (found.share >= 1 / 3 ? large : small).push(unitQuestions(found, voice, used, `q-other${index}`).observe[0]!);
  });
  observation.push(...asked.observe.slice(0, 1), ...large, ...asked.observe.slice(1));
  interpretation.push(...asked.interpret.slice(0, 1), ...compared.slice(0, 1), ...asked.interpret.slice(1));
  const genre = passageLines.genres[reading.genre];
  // "What does Jesus say or do" only where he acts in the passage, not where he is only named
  // ("you are to give Him the name Jesus"), and never of a parable he tells.
  if (!main && reading.genre === "gospel" && reading.verses.some((verse) => JESUS_ACTS.test(verse.text)))
    observation.push(fill(pickFresh(voice, "q-jesus", passageLines.observe.jesus, used), { reference }));
  const specific = [...specificObservations(reading, voice, used), ...small];
  if (main) observation.push(...specific);
  else {
    // A beginner is first asked the plain question of its kind ("What happens, and who does
    // what?"), the others first what this passage's own parts, speakers and words show.
    const plainly = fill(pickFresh(voice, "q-genre", genre.observe, used), { reference });
    observation.push(...(voice.plain ? [plainly, ...specific] : [...specific, plainly]));
    interpretation.push(fill(pickFresh(voice, "q-understand", genre.understand, used), { reference }));
  }
  for (let index = 0; index + 1 < parts.length && index < (voice.deep ? 2 : 1); index++) {
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
    const roles = reviewedRoles(piece.ranges).filter((role) => role.kind === "promise" || role.kind === "command");
    if (roles.length > 0 || touchesNeverApplied(piece.ranges))
      application.push(questionFor(piece, voice, `q-apply${index}`, used));
  }
  application.push(voice.say("q-personal", lines.questions.personal));
  const sizes = voice.plain ? [1, 1, 2] : voice.deep ? [2, 4, 3] : [2, 3, 2];
  const groups: Array<[string, string[]]> = [
    ["Observation", [...new Set(observation)].slice(0, sizes[0])],
    ["Interpretation", [...new Set(interpretation)].slice(0, sizes[1])],
    ["Application", [...new Set(application)].slice(0, sizes[2])],
  ];
  let number = 0;
  return groups
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => [`### ${name}`, "", ...list.map((question) => `${++number}. ${question}`)].join("\n"))
    .join("\n\n");
}

/** What to take home where the passage has no reviewed role: a question from its parable, miracle or kind of writing. */
function asksOf(reading: Reading, voice: Voice): string[] {
  return [fill(voice.pick("apply-ask", linesFor(reading, "apply")), { reference: cite(reading.passage.reference) })];
}

/** The reviewed lines of one kind for the passage's parable theme, miracle kind or kind of writing. */
function linesFor(reading: Reading, field: "apply" | "prayers"): readonly string[] {
  const { main } = reading;
  if (!main) return passageLines.genres[reading.genre][field];
  return main.unit.type === "parable"
    ? passageLines.parable[field][main.unit.theme]
    : passageLines.miracle[field][main.unit.kind];
}

/**
 * The closing prayer when the passage holds no reviewed prayer to pray in its own words: one
 * written for its parable's theme, its miracle's kind, or its kind of writing. It never thanks
 * God "for" a reference.
 */
function prayerOf(reading: Reading, voice: Voice): string {
  return voice.pick("prayer", linesFor(reading, "prayers"));
}

/**
 * The title: the name of the parable or miracle that is most of the passage, else a reviewed memory verse
 * of the passage in its own words, else the commentator's
 * title for a passage of one part, else the reference with a plain subtitle.
 */
function titleOf(reading: Reading, voice: Voice) {
  const { passage, verses, parts, main } = reading;
  if (main && main.share >= 0.5) return `${passage.reference}: ${main.unit.name}`;
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
  const reading = readingOf(passage, verses, parts, keys);
  const { whole } = reading;
  const used = new Set<string>();

  const sections = [overview(reading, voice)];
  sections.push(`## ${SECTION.keyScriptures}\n\n${scriptureSection(passage, verses, weights, voice)}`);
  const commentary = commentarySection(passage, verses, parts, voice, used);
  const outline = parts.length > 1 ? outlineSection(parts, voice, used) : null;
  if (outline) sections.push(`## ${SECTION.outline}\n\n${outline.text}`);
  if (commentary) sections.push(`## ${SECTION.commentary}\n\n${commentary}`);
  const keyWordText = voice.plain ? null : keyWordSection(keys, passage, voice);
  if (keyWordText) sections.push(`## ${SECTION.keyWords}\n\n${keyWordText}`);
  const crossReferences = crossReferenceSection(passage, voice);
  if (crossReferences) sections.push(`## ${SECTION.crossReferences}\n\n${crossReferences}`);
  sections.push(`## ${SECTION.discussionQuestions}\n\n${questionSection(reading, outline?.noted ?? [], voice)}`);
  sections.push(
    `## ${SECTION.applicationPoints}\n\n${applicationPoints([whole], voice, asksOf(reading, voice))
      .map((point) => `- ${point}`)
      .join("\n")}`,
  );
  const focus: Focus = { kind: "passage", passage: whole, parts };
  return {
    title: titleOf(reading, voice),
    content: finishLesson(sections, focus, voice, passage.translation.shown, prayerOf(reading, voice)),
  };
}
