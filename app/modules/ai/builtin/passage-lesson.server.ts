import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import {
  concordance,
  isName,
  topicsForRanges,
  verseWeights,
  versesByIds,
  wordStats,
  VERSE_COUNT,
} from "~/modules/bible/lexicon.server";
import type { Passage, Verse } from "~/modules/bible/passages.server";
import { countVerses, formatRanges } from "~/modules/bible/references.server";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { bookContexts, genreHints } from "~/modules/bible/book-context";
import { content } from "./content";
import { glossaryMeaning } from "./glossary";
import { finishLesson, type Focus, type LessonVerse } from "./lesson-parts";
import { chooseSentences, henryOn, introductionPoints, type HenryOnPassage } from "./commentary.server";
import { segmentPassage } from "./outline";
import { blockquote, snippet } from "./scripture.server";
import {
  capitalize,
  joinList,
  keyPhrase,
  numberWord,
  plural,
  STOP_WORDS,
  stripQuotes,
  verseKind,
  verseNumbers,
  type VerseKind,
} from "./text";
import { stem } from "./stem";
import { createVoice, fill, type Voice } from "./voice";
import { SECTION } from "~/modules/studies/sections";

const wording = content.lessonLines.passage;

interface KeyWord {
  /** The form used most in the passage: "love" */
  word: string;
  stem: string;
  verses: Verse[];
  /** Verses of the whole translation using this form. */
  count: number;
  score: number;
}

interface Movement {
  verses: Verse[];
  reference: string;
  phrase: string;
  kind: VerseKind;
  words: string[];
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

/** The passage's most telling repeated words: frequent here, rare elsewhere. */
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
  const allForms = [...forms.values()].flatMap((counts) => [...counts.keys()]);
  const stats = wordStats(allForms, passage.translation.shown);
  const minimum = verses.length >= 4 ? 2 : 1;
  const found: KeyWord[] = [];
  for (const [key, counts] of forms) {
    const inVerses = versesByStem.get(key)!;
    if (inVerses.length < minimum) continue;
    const [word] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const wordStat = stats.get(word);
    if (!wordStat || isName(wordStat)) continue;
    // A word the passage only ever capitalizes is a name here ("Haran"), whatever it is elsewhere.
    if (!inVerses.some((verse) => new RegExp(`\\b${word}\\b`).test(verse.text))) continue;
    if (/^(?:lord|god|jesus|christ|said|also|will|shall|may|like)$/.test(word)) continue;
    const rarity = Math.log(VERSE_COUNT / (wordStat.count + 1));
    const score = inVerses.length * rarity + (glossaryMeaning(word) ? 1.5 : 0);
    found.push({ word, stem: key, verses: inVerses, count: wordStat.count, score });
  }
  return found
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, voice.deep ? 6 : voice.plain ? 3 : 4);
}

/**
 * The passage's movements: Matthew Henry's sections where the passage spans two or more of them
 * (the outline follows his), else groups found in the text itself.
 */
function movementsOf(
  verses: Verse[],
  keys: KeyWord[],
  weights: Map<number, number>,
  henry: HenryOnPassage,
): Movement[] {
  const bySection = henry.sections
    .map((section) => verses.filter((verse) => verse.id >= section.range.start && verse.id <= section.range.end))
    .filter((group) => group.length > 0);
  const groups = bySection.length >= 2 ? bySection : segmentPassage(verses);
  return groups.map((group) => {
    const groupStems = new Set(group.flatMap((verse) => wordsOf(verse.text).map(stem)));
    const words = keys.filter((key) => groupStems.has(key.stem)).map((key) => key.word);
    const central = [...group].sort((a, b) => {
      const score = (verse: Verse) =>
        Math.log10(1 + (weights.get(verse.id) ?? 0)) +
        0.5 * keys.filter((key) => wordsOf(verse.text).some((word) => stem(word) === key.stem)).length;
      return score(b) - score(a) || a.id - b.id;
    })[0]!;
    const kinds = group.map((verse) => verseKind(verse.text));
    const tally = new Map<VerseKind, number>();
    for (const kind of kinds) tally.set(kind, (tally.get(kind) ?? 0) + 1);
    const kind = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    return {
      verses: group,
      reference: formatRanges([{ start: group[0]!.id, end: group.at(-1)!.id }]),
      phrase: keyPhrase(central.text, { word: words[0], maxWords: 10 }),
      kind,
      words,
    };
  });
}

function describeMovement(movement: Movement, index: number, voice: Voice): string {
  const describe = voice.pick(`movement${index}`, wording.movements[movement.kind]);
  const watch =
    movement.words.length > 0 ? ` Watch for ${joinList(movement.words.slice(0, 2).map((word) => `*${word}*`))}.` : "";
  return `${describe}${watch}`;
}

function overview(
  passage: Passage,
  verses: Verse[],
  movements: Movement[],
  keys: KeyWord[],
  themes: string[],
  voice: Voice,
) {
  const book = bookByOrder(splitVerseId(verses[0]!.id).bookOrder)!;
  const note = bookContexts[book.id];
  // Numbers are spelled out: a digit right after a reference would read as part of it.
  const values = {
    reference: passage.reference,
    count: `${numberWord(verses.length)} verse${verses.length === 1 ? "" : "s"}`,
  };
  const opening = fill(voice.say("open", wording.openings), values);
  const paragraphs = [opening];
  if (note)
    paragraphs.push(
      `${book.name} is ${note.summary}.${voice.explain || voice.studious ? ` ${genreHints[note.kind]}` : ""}`,
    );
  if (movements.length > 1) {
    paragraphs.push(
      `The passage moves in ${numberWord(movements.length)} steps, from “${movements[0]!.phrase}” (${movements[0]!.reference}) to “${movements.at(-1)!.phrase}” (${movements.at(-1)!.reference}).` +
        (keys.length > 0 ? ` Its key words are ${joinList(keys.map((key) => `*${key.word}*`))}.` : ""),
    );
  } else if (keys.length > 0) {
    paragraphs.push(`Its key words are ${joinList(keys.map((key) => `*${key.word}*`))}.`);
  }
  if (themes.length > 0) {
    paragraphs.push(
      `Nave's Topical Bible cites these verses under ${joinList(themes.map((theme) => `*${theme}*`))}, themes this study will touch on.`,
    );
  }
  return paragraphs.join("\n\n");
}

function scriptureSection(passage: Passage, verses: Verse[], weights: Map<number, number>, voice: Voice) {
  const header = `*${passage.reference}, ${passage.translation.shownName} (${passage.translation.shown})*`;
  if (verses.length <= 40) {
    const paragraphs = segmentForReading(verses).map((group) => blockquote(group));
    return [header, "", paragraphs.join("\n>\n")].join("\n");
  }
  const key = [...verses]
    .sort((a, b) => (weights.get(b.id) ?? 0) - (weights.get(a.id) ?? 0) || a.id - b.id)
    .slice(0, voice.deep ? 10 : 8)
    .sort((a, b) => a.id - b.id);
  return [
    header,
    "",
    `The passage is long (${plural(verses.length, "verse")}), so read it in full together first. These are its most cross-referenced verses:`,
    "",
    key
      .map((verse) => `**(${formatRanges([{ start: verse.id, end: verse.id }])})**\n\n${blockquote([verse])}`)
      .join("\n\n"),
  ].join("\n");
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

function keyWordSection(keys: KeyWord[], passage: Passage, voice: Voice): string | null {
  if (keys.length === 0) return null;
  const rows = keys.map((key) => {
    const numbers = verseNumbers(key.verses.map((verse) => verse.verse));
    const meaning = glossaryMeaning(key.word);
    const parts = [`- **${key.word.charAt(0).toUpperCase()}${key.word.slice(1)}** (${numbers}).`];
    if (meaning) parts.push(`${meaning.charAt(0).toUpperCase()}${meaning.slice(1)}.`);
    const first = key.verses[0]!;
    parts.push(`“${capitalize(keyPhrase(first.text, { word: key.word, maxWords: 12 }))}” (verse ${first.verse}).`);
    const elsewhere = concordance(key.word, {
      exclude: passage.ranges,
      limit: voice.deep ? 2 : 1,
      translation: passage.translation.shown,
    });
    if (elsewhere.length > 0) {
      parts.push(`Elsewhere: ${elsewhere.map((hit) => `(${hit.reference}) “${snippet(hit.text, 12)}”`).join("; ")}.`);
    }
    return parts.join(" ");
  });
  return [voice.pick("kw-intro", wording.keyWordsIntros), "", ...rows].join("\n");
}

function crossReferenceSection(passage: Passage, voice: Voice) {
  const references = crossReferencesFor(passage.ranges, voice.deep ? 10 : 6).filter(
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
    voice.pick("xref-intro", wording.crossReferencesIntros),
    "",
    ...references.map((reference) => `- (${reference.reference}) “${snippet(texts.get(reference.range.start) ?? "")}”`),
  ].join("\n");
}

function questionSection(passage: Passage, verses: Verse[], movements: Movement[], keys: KeyWord[], voice: Voice) {
  const book = bookByOrder(splitVerseId(verses[0]!.id).bookOrder)!;
  const observation: string[] = [];
  const interpretation: string[] = [];
  const application: string[] = [];
  observation.push(
    fill(voice.pick("q-read", wording.readQuestions), {
      reference: passage.reference,
      lookFor: keys[0] ? ` (look especially for *${keys[0].word}*)` : "",
    }),
  );
  const kinds = verses.map((verse) => ({ verse, kind: verseKind(verse.text) }));
  const questionsAsked = kinds.filter((entry) => entry.kind === "question");
  if (questionsAsked.length > 0) {
    observation.push(
      `The passage asks questions in ${verseNumbers(questionsAsked.map((entry) => entry.verse.verse))}. What are they, and how does the passage answer them?`,
    );
  }
  if (kinds.some((entry) => entry.kind === "narrative")) {
    observation.push("Who are the people in this passage? What does each of them say and do?");
  }
  const firstMovement = movements[0];
  if (firstMovement && firstMovement.words[0]) {
    observation.push(`What does (${firstMovement.reference}) say about *${firstMovement.words[0]}*?`);
  }
  if (movements.length > 1) {
    const [a, b] = [movements[0]!, movements[1]!];
    interpretation.push(
      `How is (${a.reference}) connected to (${b.reference})? What does the second part add to the first?`,
    );
  }
  const repeated = keys.find((key) => key.verses.length >= 2);
  if (repeated) {
    interpretation.push(
      `*${repeated.word.charAt(0).toUpperCase()}${repeated.word.slice(1)}* appears in ${verseNumbers(repeated.verses.map((verse) => verse.verse))}. What does it mean here, and why might the writer repeat it?`,
    );
  }
  const [crossReference] = crossReferencesFor(passage.ranges, 1);
  if (crossReference) {
    interpretation.push(`Read (${crossReference.reference}). How does it help you understand this passage?`);
  }
  interpretation.push(voice.pick("q-god", wording.godQuestions));
  const note = bookContexts[book.id];
  if (note && (voice.deep || voice.studious)) {
    interpretation.push(`${book.name} is ${note.summary}. How does this passage serve that larger purpose?`);
  }
  const command = kinds.find((entry) => entry.kind === "command");
  if (command) {
    application.push(
      `Verse ${command.verse.verse} says, “${keyPhrase(command.verse.text, { prefer: "command" })}.” What would obeying this look like for you this week?`,
    );
  }
  const promise = kinds.find((entry) => entry.kind === "promise");
  if (promise) {
    application.push(
      `Which promise in this passage (see verse ${promise.verse.verse}) do you most need to hold on to right now? Why?`,
    );
  }
  application.push(voice.pick("q-carry", wording.carryQuestions));
  application.push(voice.say("q-personal", wording.personalQuestion));
  const trim = (list: string[], size: number) => list.slice(0, size);
  const sizes = voice.plain ? [2, 2, 2] : voice.deep ? [4, 5, 3] : [3, 3, 3];
  const groups: Array<[string, string[]]> = [
    ["Observation", trim(observation, sizes[0]!)],
    ["Interpretation", trim(interpretation, sizes[1]!)],
    ["Application", trim(application, sizes[2]!)],
  ];
  let number = 0;
  return groups
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => [`### ${name}`, "", ...list.map((question) => `${++number}. ${question}`)].join("\n"))
    .join("\n\n");
}

function applicationSection(passage: Passage, verses: Verse[], weights: Map<number, number>, voice: Voice) {
  const points: string[] = [];
  const labelFor = (verse: Verse) => formatRanges([{ start: verse.id, end: verse.id }]);
  const command = verses.find((verse) => verseKind(verse.text) === "command");
  if (command) {
    points.push(
      `**Obey:** “${capitalize(keyPhrase(command.text, { prefer: "command" }))}” (${labelFor(command)}). Decide on one concrete way to act on this before the group meets again.`,
    );
  }
  const promise = verses.find((verse) => verseKind(verse.text) === "promise");
  if (promise) {
    points.push(
      `**Trust:** Copy out (${labelFor(promise)}) and read it each morning this week. When worry or doubt comes, answer it with this promise.`,
    );
  }
  const memorable = verses.filter((verse) => {
    const length = stripQuotes(verse.text).split(" ").length;
    return length >= 6 && length <= 28;
  });
  const memory = [...(memorable.length > 0 ? memorable : verses)].sort(
    (a, b) => (weights.get(b.id) ?? 0) - (weights.get(a.id) ?? 0) || a.id - b.id,
  )[0];
  if (memory)
    points.push(`**Remember:** Memorise (${labelFor(memory)}). Say it aloud each day and share it with someone.`);
  points.push(fill(voice.say("apply-practice", wording.practice), { reference: passage.reference }));
  if (voice.devotional || voice.explain)
    points.push(`**Pray:** Read ${passage.reference} slowly once more and turn each verse into a sentence of prayer.`);
  return points
    .slice(0, voice.plain ? 3 : 5)
    .map((point) => `- ${point}`)
    .join("\n");
}

/**
 * Henry's point for a movement that is one of his sections: his own summary of it from the
 * chapter's introduction, else his best sentence on it (recorded in `used`, not to quote it twice).
 */
function henryOnMovement(movement: Movement, henry: HenryOnPassage, index: number, used: Set<string>): string | null {
  const first = movement.verses[0]!.id;
  const section = henry.sections.find((entry) => first >= entry.range.start && first <= entry.range.end);
  if (!section) return null;
  const intro = henry.introductions.find(
    (entry) => section.range.start >= entry.range.start && section.range.end <= entry.range.end,
  );
  const startVerse = splitVerseId(section.range.start).verse;
  const point = intro && introductionPoints(intro).find((entry) => entry.verse === startVerse);
  if (point) return `“${point.text}” (Matthew Henry)`;
  const [best] = chooseSentences(
    henry.sentences.filter((sentence) => sentence.reference === section.reference),
    1,
    `movement${index}`,
  );
  if (!best) return null;
  used.add(best.text);
  return `“${best.text}” (Matthew Henry)`;
}

/**
 * Matthew Henry on the passage, in his own words: his introduction's opening when the passage is
 * a whole chapter, and his best sentences on its verses, each attributed to the section it is from.
 */
function commentarySection(passage: Passage, henry: HenryOnPassage, voice: Voice, used: Set<string>): string | null {
  const count = voice.plain ? 3 : voice.deep ? 6 : 4;
  const chosen = chooseSentences(henry.sentences, count, `commentary:${passage.reference}`, {
    perSection: 2,
    exclude: used,
  });
  if (chosen.length === 0) return null;
  return [
    `Matthew Henry (1662-1714) wrote his *Commentary on the Whole Bible* for ordinary readers. Here is what he saw in ${passage.reference}, quoted word for word:`,
    "",
    chosen.map((sentence) => `> ${sentence.text} — Matthew Henry on ${sentence.reference}`).join("\n\n"),
  ].join("\n");
}

/** A lesson plan for a passage: its text, outline, key words, cross-references, questions and application. */
export function passageLesson(passage: Passage, settings: AiSettingsInput): GeneratedStudy {
  const voice = createVoice(`passage:${passage.reference}`, settings);
  const verses = passage.verses.filter((verse) => verse.text);
  const weights = verseWeights(verses.map((verse) => verse.id));
  const keys = keyWords(verses, passage, voice);
  const henry = henryOn(
    passage.ranges,
    keys.map((key) => key.word),
  );
  const movements = movementsOf(verses, keys, weights, henry);
  const themes = topicsForRanges(passage.ranges, 3)
    .map((topic) => topic.name.replace(/\s*\(.*\)$/, ""))
    .filter((name) => !name.includes(","));

  const hasKey = (verse: Verse) =>
    keys[0] && wordsOf(verse.text).some((word) => stem(word) === keys[0]!.stem) ? 1 : 0;
  const top = [...verses].sort(
    (a, b) =>
      Math.log10(1 + (weights.get(b.id) ?? 0)) + hasKey(b) - (Math.log10(1 + (weights.get(a.id) ?? 0)) + hasKey(a)) ||
      a.id - b.id,
  )[0]!;
  const headline = capitalize(keyPhrase(top.text, { word: keys[0]?.word, maxWords: 14 }));
  const title = `${passage.reference}: ${headline}`;

  const quoted = new Set<string>();
  const sections: string[] = [overview(passage, verses, movements, keys, themes, voice)];
  sections.push(`## ${SECTION.keyScriptures}\n\n${scriptureSection(passage, verses, weights, voice)}`);
  if (movements.length > 1) {
    sections.push(
      [
        `## ${SECTION.outline}`,
        "",
        ...(movements.length === henry.sections.length
          ? [`The outline follows Matthew Henry's sections of ${passage.reference}, each with his own words on it.`, ""]
          : []),
        ...movements.map(
          (movement, index) =>
            `${index + 1}. **“${capitalize(movement.phrase)}”** (${movement.reference}): ${henryOnMovement(movement, henry, index, quoted) ?? describeMovement(movement, index, voice)}`,
        ),
      ].join("\n"),
    );
  }
  const commentary = commentarySection(passage, henry, voice, quoted);
  if (commentary) sections.push(`## ${SECTION.commentary}\n\n${commentary}`);
  const keyWordText = keyWordSection(keys, passage, voice);
  if (keyWordText) sections.push(`## ${SECTION.keyWords}\n\n${keyWordText}`);
  const crossReferences = crossReferenceSection(passage, voice);
  if (crossReferences) sections.push(`## ${SECTION.crossReferences}\n\n${crossReferences}`);
  sections.push(`## ${SECTION.discussionQuestions}\n\n${questionSection(passage, verses, movements, keys, voice)}`);
  sections.push(`## ${SECTION.applicationPoints}\n\n${applicationSection(passage, verses, weights, voice)}`);

  const focus: Focus = { kind: "passage", reference: passage.reference };
  const lessonVerses: LessonVerse[] = movements.map((movement) => ({
    reference: movement.reference,
    text: movement.verses.map((verse) => verse.text).join(" "),
    kind: movement.kind,
  }));
  return { title, content: finishLesson(sections, focus, lessonVerses, voice) };
}
