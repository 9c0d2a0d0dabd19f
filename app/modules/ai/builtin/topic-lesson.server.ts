import { bookByOrder, splitVerseId, type VerseId } from "~/modules/bible/books";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import {
  isName,
  verseWeights,
  versesByIds,
  wordStats,
  wordVerseCounts,
  VERSE_COUNT,
} from "~/modules/bible/lexicon.server";
import { countVerses, formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { searchTerms, searchVerses } from "~/modules/bible/search.server";
import { findTopics, type Topic } from "~/modules/bible/topics.server";
import { resolveTranslation } from "~/modules/bible/translations";
import { ValidationError } from "~/utils/errors";
import type { GeneratedStudy } from "../provider";
import type { AiSettingsInput } from "../settings";
import { bookContexts } from "~/modules/bible/book-context";
import { chooseSentences, henryOn } from "./commentary.server";
import { searchCommentary } from "~/modules/bible/commentary.server";
import { conceptsFor } from "./concepts";
import { content } from "./content";
import { glossaryMeaning } from "./glossary";
import { finishLesson, type Focus, type LessonVerse } from "./lesson-parts";
import { blockquote, snippet, toWholeSentences, type Quoted } from "./scripture.server";
import {
  capitalize,
  joinList,
  keyPhrase,
  numberWord,
  STOP_WORDS,
  stripQuotes,
  titleCase,
  verseKind,
  type VerseKind,
} from "./text";
import { stem } from "./stem";
import { createVoice, fill, type Voice } from "./voice";
import { SECTION } from "~/modules/studies/sections";

const wording = content.lessonLines.topic;

interface Candidate {
  range: VerseRange;
  score: number;
  /** The Nave topic it came from, if any. */
  topic?: string;
  /** How many of the topic's own words the verse uses. */
  literal?: number;
  /** Nave's sub-entry the verse is listed under, when telling ("Justification by"). */
  label?: string;
}

const GENERIC_LABEL =
  /general scriptures|instances of|miscellany|see after|unclassified|scriptures relating|^\(|^\d|^also called|^see\b/i;

function words(text: string) {
  return text.toLowerCase().match(/[a-z]+/g) ?? [];
}

/** The topic as a phrase inside a sentence: "faith and works", but "the Holy Spirit". */
function topicPhrase(topic: string) {
  const trimmed = topic
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.?!]+$/, "");
  if (
    /^(?:holy spirit|church|gospel|lord's supper|kingdom of god|kingdom of heaven|sabbath|resurrection|cross)$/i.test(
      trimmed,
    )
  ) {
    return `the ${titleCase(trimmed)}`.replace("The ", "the ");
  }
  // Keep proper names capitalised, lower-case the rest.
  return trimmed
    .split(" ")
    .map((word) =>
      /^(?:God|Jesus|Christ|Lord|Spirit|Holy|Bible|Scripture|Israel|[A-Z]{2,})$/.test(word) ? word : word.toLowerCase(),
    )
    .join(" ");
}

const KNOWN_NAMES = new Set([
  "god",
  "jesus",
  "christ",
  "lord",
  "spirit",
  "israel",
  "holy",
  "noah",
  "abraham",
  "moses",
  "david",
  "paul",
  "peter",
  "jerusalem",
]);

/**
 * Nave's capitals ("IN CHRIST", "esau forgives Jacob") put right: names keep their capital. A
 * name is a word the Bible itself never writes in lower case ("Esau"), or one of the known names.
 */
function properCase(text: string) {
  const stats = wordStats(
    (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length > 2),
    "KJV",
  );
  return text.replace(/[A-Za-z]+/g, (word, offset: number) => {
    const lower = word.toLowerCase();
    const found = stats.get(lower);
    if (KNOWN_NAMES.has(lower) || (found && found.count > 0 && isName(found)))
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    if (offset > 0 && /^[A-Z][a-z]/.test(word)) return word;
    return lower;
  });
}

function subtopicPhrase(label: string, topicName: string): string | null {
  const clean = properCase(
    label
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[.:;,]+$/, ""),
  );
  if (!clean || GENERIC_LABEL.test(clean) || clean.length > 60) return null;
  if (label.trim() === label.trim().toUpperCase()) {
    const headings: Record<string, string> = {
      enjoined: "commanded",
      exemplified: "lived out",
      figurative: "as a picture",
      "instances of": "",
      "duty to": "our duty",
    };
    const mapped = headings[clean] ?? clean;
    return mapped ? `${topicName}: ${mapped}` : null;
  }
  if (/\b(?:of|by|in|to|for|with|from|on|against)$/i.test(clean)) return `${clean} ${topicName.toLowerCase()}`;
  return `${topicName}: ${clean}`;
}

interface Gathered {
  topics: Topic[];
  terms: string[];
  picks: Array<Quoted & { kind: VerseKind; matched: string[]; companions: string[]; label?: string }>;
}

/** Finds the passages that speak most directly to a topic. */
function gather(topic: string, voice: Voice, translation: ReturnType<typeof resolveTranslation>): Gathered {
  const concepts = conceptsFor(topic);
  const conceptWords = concepts.flatMap((concept) => concept.words.filter((word) => !word.includes(" ")));
  const literalStems = new Set(searchTerms(topic).map(stem));
  const terms = [...new Set([...searchTerms(topic), ...conceptWords])];
  const termStems = new Set(terms.map(stem));
  const conceptStems = new Set([...termStems].filter((termStem) => !literalStems.has(termStem)));

  const topics: Topic[] = [];
  const addTopic = (found: Topic | undefined) => {
    if (found && !topics.some((existing) => existing.name === found.name)) topics.push(found);
  };
  for (const found of findTopics(topic, 3)) addTopic(found);
  for (const concept of concepts) {
    for (const name of concept.topics) {
      if (topics.length >= 5) break;
      const [exact] = findTopics(name, 1);
      if (exact?.name.toLowerCase() === name.toLowerCase()) addTopic(exact);
    }
  }

  const candidates = new Map<string, Candidate>();
  const consider = (range: VerseRange, score: number, label?: string, source?: string) => {
    if (countVerses([range]) > 4) return;
    const key = `${range.start}-${range.end}`;
    const existing = candidates.get(key);
    if (existing) {
      existing.score += score * 0.5;
      existing.label ??= label;
      existing.topic ??= source;
    } else {
      candidates.set(key, { range, score, label, topic: source });
    }
  };
  topics.forEach((found, index) => {
    const weight = index === 0 ? 1 : 0.7;
    const listed = new Set<string>();
    // Nave's broadest entries ("God") cite thousands of verses; the first few hundred, general
    // scriptures first, are plenty to choose from.
    let budget = 250;
    const subtopics = [...found.subtopics].sort(
      (a, b) => Number(!GENERIC_LABEL.test(a.label)) - Number(!GENERIC_LABEL.test(b.label)),
    );
    for (const subtopic of subtopics) {
      const generic = GENERIC_LABEL.test(subtopic.label);
      for (const range of subtopic.ranges) {
        if (budget-- <= 0) break;
        listed.add(`${range.start}-${range.end}`);
        consider(range, (generic ? 3.2 : 2.6) * weight, generic ? undefined : subtopic.label, found.name);
      }
    }
    for (const range of found.ranges) {
      if (budget-- <= 0) break;
      if (!listed.has(`${range.start}-${range.end}`)) consider(range, 2 * weight, undefined, found.name);
    }
  });
  const queries = [topic, ...conceptWords.slice(0, 4)];
  const searched = new Set<string>();
  queries.forEach((query, queryIndex) => {
    searchVerses(query, { limit: queryIndex === 0 ? 25 : 8, translation: translation.shown }).forEach((hit, rank) => {
      searched.add(`${hit.id}-${hit.id}`);
      consider({ start: hit.id, end: hit.id }, (queryIndex === 0 ? 2.6 : 1.8) - rank * 0.04);
    });
  });
  if (candidates.size === 0) {
    throw new ValidationError(
      `We could not find Bible passages about "${topic.trim()}". Try a simpler word or phrase, like "Faith", "Forgiveness" or "Prayer".`,
    );
  }

  const weights = verseWeights([...candidates.values()].map((candidate) => candidate.range.start));
  const linked = (candidate: Candidate) => Math.log10(1 + (weights.get(candidate.range.start) ?? 0)) * 1.3;
  // Reading every candidate's words is the costly part: only the most promising few hundred,
  // and every search hit, are read.
  const all = [...candidates.entries()]
    .sort(([, a], [, b]) => b.score + linked(b) - (a.score + linked(a)) || a.range.start - b.range.start)
    .filter(([key], index) => index < 300 || searched.has(key))
    .map(([, candidate]) => candidate);
  const texts = new Map(
    versesByIds([...new Set(all.map((candidate) => candidate.range.start))], translation.shown).map((verse) => [
      verse.id,
      verse.text,
    ]),
  );
  for (const candidate of all) {
    const text = texts.get(candidate.range.start) ?? "";
    const verseStems = new Set(words(text).map(stem));
    const literal = [...literalStems].filter((termStem) => verseStems.has(termStem)).length;
    const related = [...conceptStems].filter((termStem) => verseStems.has(termStem)).length;
    const matched = literal + related;
    const length = words(text).length;
    // A verse naming every word of "faith and works" is the one the group needs first.
    const everyWord = literalStems.size > 1 && literal === literalStems.size ? 3 : 0;
    candidate.literal = literal;
    candidate.score += literal * 2.6 + everyWord + related * 1.1 + linked(candidate);
    if (length < 6) candidate.score -= 2;
    if (length > 55) candidate.score -= 1.5;
    if (!text) candidate.score = -Infinity;
    if (matched === 0 && candidate.score < 6) candidate.score -= 1.5;
  }
  all.sort((a, b) => b.score - a.score || a.range.start - b.range.start);

  const phraseCache = new Map<number, Set<string>>();
  const phrasesOf = (candidate: Candidate) => {
    let found = phraseCache.get(candidate.range.start);
    if (!found) {
      found = fiveWordPhrases(texts.get(candidate.range.start) ?? "");
      phraseCache.set(candidate.range.start, found);
    }
    return found;
  };
  const wanted = voice.deep ? 6 : voice.plain ? 4 : 5;
  const chosen: Candidate[] = [];
  const perBook = new Map<number, number>();
  for (const candidate of all) {
    if (chosen.length >= wanted || candidate.score === -Infinity) break;
    const book = splitVerseId(candidate.range.start).bookOrder;
    if ((perBook.get(book) ?? 0) >= 2) continue;
    if (chosen.some((other) => Math.abs(other.range.start - candidate.range.start) < 6)) continue;
    // Five verses quoting the same line (or parallel Gospel accounts) teach less than five that
    // each add something.
    if (chosen.some((other) => sharesPhrase(phrasesOf(other), phrasesOf(candidate)))) continue;
    chosen.push(candidate);
    perBook.set(book, (perBook.get(book) ?? 0) + 1);
  }
  // A topical study should hear both testaments when both speak to it.
  const testament = (candidate: Candidate) => (splitVerseId(candidate.range.start).bookOrder <= 39 ? "OT" : "NT");
  for (const side of ["OT", "NT"] as const) {
    if (chosen.length < 3 || chosen.some((candidate) => testament(candidate) === side)) continue;
    // Never at the cost of a verse that names every word of the topic.
    const replaceable = chosen.findLastIndex((candidate) => (candidate.literal ?? 0) < literalStems.size);
    if (replaceable < 0) continue;
    const best = all.find(
      (candidate) =>
        testament(candidate) === side &&
        (candidate.literal ?? 0) > 0 &&
        candidate.score >= chosen[replaceable]!.score * 0.7,
    );
    if (best) chosen[replaceable] = best;
  }
  chosen.sort((a, b) => a.range.start - b.range.start);

  const quoted = chosen.map((candidate) => ({
    quoted: toWholeSentences(candidate.range, translation.shown),
    label:
      candidate.label && candidate.topic ? (subtopicPhrase(candidate.label, candidate.topic) ?? undefined) : undefined,
  }));
  const usedTopics = topics.filter((found) => chosen.some((candidate) => candidate.topic === found.name));
  const allWords = quoted.flatMap(({ quoted: passage }) => words(passage.text));
  const counts = wordVerseCounts(allWords, translation.shown);
  const picks = quoted.map(({ quoted: passage, label }) => {
    const verseWords = [...new Set(words(passage.text))];
    const matched = [
      ...verseWords.filter((word) => literalStems.has(stem(word))),
      ...verseWords.filter((word) => conceptStems.has(stem(word))),
    ].slice(0, 3);
    const companions = verseWords
      .filter(
        (word) => word.length > 3 && !STOP_WORDS.has(word) && !termStems.has(stem(word)) && (counts.get(word) ?? 0) > 0,
      )
      .map((word) => ({ word, rarity: Math.log(VERSE_COUNT / (counts.get(word)! + 1)) }))
      .filter(({ word }) => !/^(?:lord|god|jesus|christ|israel)$/.test(word) && (counts.get(word) ?? 0) < 2500)
      .sort((a, b) => b.rarity - a.rarity || a.word.localeCompare(b.word))
      .slice(0, 2)
      .map(({ word }) => word);
    return { ...passage, kind: verseKind(passage.text), matched, companions, label };
  });
  return { topics: usedTopics.length > 0 ? usedTopics : topics.slice(0, 1), terms, picks };
}

/** Every run of five words in a text: two verses sharing one quote the same line. */
function fiveWordPhrases(text: string) {
  const list = words(text);
  const phrases = new Set<string>();
  for (let index = 0; index + 5 <= list.length; index++) phrases.add(list.slice(index, index + 5).join(" "));
  return phrases;
}

function sharesPhrase(a: Set<string>, b: Set<string>) {
  for (const phrase of a) if (b.has(phrase)) return true;
  return false;
}

function emphasised(list: string[]) {
  return joinList(list.map((word) => `*${word}*`));
}

/**
 * What to say under a verse: Matthew Henry's comment on it, quoted and attributed, when he has a
 * sentence that stands alone and speaks to the topic; else a line on what kind of verse it is.
 */
function explainPick(
  pick: Gathered["picks"][number],
  subject: string,
  voice: Voice,
  index: number,
  used: Set<string>,
): string {
  // Only a sentence that speaks of the topic itself: Henry on the verse's other matters would wander.
  const henry = henryOn([pick.range], [...pick.matched, ...subject.split(" ")]);
  const onTopic = henry.sentences.filter((sentence) => sentence.focusHits > 0);
  const [comment] = chooseSentences(onTopic, 1, `${subject}|${pick.reference}`, { exclude: used });
  const lines: string[] = [];
  if (comment) {
    used.add(comment.text);
    lines.push(`Matthew Henry on ${comment.reference}: “${comment.text}”`);
  } else {
    const phrase = keyPhrase(pick.text, { word: pick.matched[0] ?? pick.companions[0] });
    lines.push(
      fill(voice.pick(`kind${index}`, wording.verseKinds[pick.kind]), {
        phrase,
        subject,
        FirstWord: titleCase(subject.split(" ")[0]!),
      }),
    );
  }
  const book = bookByOrder(splitVerseId(pick.range.start).bookOrder)!;
  const note = bookContexts[book.id];
  if (index === 0 && note && (voice.explain || voice.studious) && !voice.plain)
    lines.push(`*Context:* ${book.name} is ${note.summary}.`);
  return lines.join(" ");
}

/**
 * Matthew Henry on the topic itself: a sentence of his that speaks of it, from the section of his
 * commentary where the topic's words weigh most (full-text search over all of it).
 */
function henryOnTopic(subject: string, used: Set<string>): string | null {
  const words = subject.toLowerCase().match(/[a-z]+/g) ?? [];
  for (const hit of searchCommentary(subject, 3)) {
    const sentences = henryOn([hit.range], words).sentences.filter((sentence) => sentence.focusHits > 0);
    const [best] = chooseSentences(sentences, 1, `topic:${subject}`, { exclude: used });
    if (!best) continue;
    used.add(best.text);
    return `On ${subject}, Matthew Henry writes on ${best.reference}: “${best.text}”`;
  }
  return null;
}

function overview(subject: string, Topic: string, gathered: Gathered, voice: Voice) {
  const books = [...new Set(gathered.picks.map((pick) => bookByOrder(splitVerseId(pick.range.start).bookOrder)!.name))];
  const values = { subject, Topic };
  const opening = fill(voice.say("open", wording.openings), values);
  const paragraphs = [opening];
  const meanings =
    gathered.picks.length > 0
      ? [...new Set(subject.toLowerCase().match(/[a-z]+/g) ?? [])]
          .map((word) => ({ word, meaning: glossaryMeaning(word) }))
          .filter((entry): entry is { word: string; meaning: string } => Boolean(entry.meaning))
          .slice(0, 2)
      : [];
  if (meanings.length > 0) {
    paragraphs.push(
      meanings
        .map((entry, index) => `${index === 0 ? "In Scripture, " : "And "}*${entry.word}* means ${entry.meaning}.`)
        .join(" "),
    );
  }
  const topicNames = gathered.topics.slice(0, 3).map((topic) => topic.name);
  const sources =
    topicNames.length > 0
      ? `The passages were chosen from the entries ${joinList(topicNames.map((name) => `*${name}*`))} of Nave's Topical Bible and from a search of the whole Bible, keeping the ${numberWord(gathered.picks.length)} that speak most directly to the theme.`
      : `The passages were found by searching the whole Bible for the words of the topic, keeping the ${numberWord(gathered.picks.length)} that speak most directly to it.`;
  paragraphs.push(
    `${sources} They come from ${joinList(books)}, so the group will hear ${books.length > 1 ? "several voices of Scripture" : "one book's voice"} on the same theme.`,
  );
  paragraphs.push(fill(voice.pick("goal", wording.goals), values));
  return paragraphs.join("\n\n");
}

function themesSection(gathered: Gathered, voice: Voice): string | null {
  const main = gathered.topics[0];
  if (!main) return null;
  const picked = new Set(gathered.picks.map((pick) => pick.range.start));
  const rows: string[] = [];
  for (const subtopic of main.subtopics) {
    if (rows.length >= (voice.plain ? 3 : 4)) break;
    const phrase = subtopicPhrase(subtopic.label, main.name);
    if (!phrase) continue;
    const ranges = subtopic.ranges.filter((range) => countVerses([range]) <= 6 && !picked.has(range.start)).slice(0, 2);
    if (ranges.length === 0) continue;
    const references = ranges.map((range) => `(${formatRanges([range])})`).join(" ");
    rows.push(`- **${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}**: ${references}`);
  }
  if (rows.length < 2) return null;
  return [fill(voice.pick("themesIntro", wording.themesIntros), { topic: main.name }), "", ...rows].join("\n");
}

function questions(subject: string, gathered: Gathered, voice: Voice): string[] {
  const picks = gathered.picks;
  const list: string[] = [];
  const [first, second] = picks;
  if (first && second) {
    list.push(
      fill(voice.pick("q-compare", wording.compareQuestions), {
        first: first.reference,
        second: second.reference,
        subject,
      }),
    );
  }
  const paired = picks.find((pick) => pick.matched.length > 0 && pick.companions.length > 0);
  if (paired) {
    list.push(
      `(${paired.reference}) connects ${emphasised(paired.matched.slice(0, 1))} with ${emphasised(paired.companions.slice(0, 1))}. Why do you think they belong together?`,
    );
  }
  const question = picks.find((pick) => pick.kind === "question");
  if (question) {
    const asked = stripQuotes(question.text)
      .split(/(?<=\?)/)
      .find((part) => part.includes("?"))
      ?.trim();
    if (asked)
      list.push(
        `(${question.reference}) asks, “${asked.replace(/^[a-z]/, (letter) => letter.toUpperCase())}” How would you answer it today?`,
      );
  }
  const meaning = [...new Set(subject.toLowerCase().match(/[a-z]+/g) ?? [])]
    .map((word) => ({ word, meaning: glossaryMeaning(word) }))
    .find((entry) => entry.meaning);
  if (meaning && !voice.plain) {
    list.push(
      `We said that *${meaning.word}* in Scripture means ${meaning.meaning}. How is that different from the way the word is used around us?`,
    );
  }
  const command = picks.find((pick) => pick.kind === "command");
  if (command) {
    list.push(
      `(${command.reference}) gives an instruction. What makes it hard to obey, and what would obeying it look like this week?`,
    );
  }
  const promise = picks.find((pick) => pick.kind === "promise");
  if (promise) {
    list.push(`Which promise in (${promise.reference}) do you most need to hear right now? Why?`);
  }
  const ot = picks.find((pick) => splitVerseId(pick.range.start).bookOrder <= 39);
  const nt = picks.find((pick) => splitVerseId(pick.range.start).bookOrder > 39);
  if (ot && nt && (voice.deep || voice.studious)) {
    list.push(
      `How does the Old Testament passage (${ot.reference}) prepare for the New Testament teaching in (${nt.reference})? What stays the same and what is new in Christ?`,
    );
  }
  list.push(fill(voice.say("q-personal", wording.personalQuestion), { subject }));
  if (!voice.plain) list.push(`Which of these verses would you choose to memorise this week, and why that one?`);
  return list.slice(0, voice.plain ? 5 : voice.deep ? 8 : 7);
}

function applications(subject: string, gathered: Gathered, voice: Voice): string[] {
  const points: string[] = [];
  const command = gathered.picks.find((pick) => pick.kind === "command");
  if (command) {
    points.push(
      `**Obey:** “${capitalize(keyPhrase(command.text, { prefer: "command" }))}” (${command.reference}). Name one specific situation this week where you will put this into practice, and tell someone in the group.`,
    );
  }
  const promise = gathered.picks.find((pick) => pick.kind === "promise");
  if (promise) {
    points.push(
      `**Trust:** Write out (${promise.reference}) and keep it where you will see it. When ${subject} feels out of reach, read it aloud as God's word to you.`,
    );
  }
  const shortest = [...gathered.picks].sort((a, b) => a.text.length - b.text.length)[0];
  if (shortest) {
    points.push(
      `**Remember:** Memorise (${shortest.reference}) before the group meets again. Say it in your own words to a friend or family member.`,
    );
  }
  points.push(fill(voice.say("apply-practice", wording.practice), { subject }));
  if (voice.devotional || voice.explain) {
    const praise =
      gathered.picks.find((pick) => pick.kind === "praise" || pick.kind === "promise") ?? gathered.picks[0];
    if (praise)
      points.push(
        `**Pray:** Turn (${praise.reference}) into a prayer each morning: thank God for what it says, and ask him to make it true in you.`,
      );
  }
  return points.slice(0, voice.plain ? 3 : 5);
}

/** A lesson plan for a topic, from the topical index and a search of the whole Bible. */
export function topicLesson(topic: string, settings: AiSettingsInput): GeneratedStudy {
  const trimmed = topic.trim().replace(/\s+/g, " ");
  const voice = createVoice(`topic:${trimmed.toLowerCase()}`, settings);
  const translation = resolveTranslation(settings.translation);
  const gathered = gather(trimmed, voice, translation);
  const subject = topicPhrase(trimmed);
  const Topic = subject.charAt(0).toUpperCase() + subject.slice(1);
  const title = `${titleCase(trimmed)}: ${voice.pick("subtitle", wording.subtitles)}`;

  const sections: string[] = [];
  sections.push(overview(subject, Topic, gathered, voice));
  const quoted = new Set<string>();
  const onTopic = henryOnTopic(subject, quoted);
  if (onTopic) sections.push(onTopic);

  const scriptures = gathered.picks.map((pick, index) =>
    [`### (${pick.reference})`, "", blockquote(pick.verses), "", explainPick(pick, subject, voice, index, quoted)].join(
      "\n",
    ),
  );
  sections.push(
    [
      `## ${SECTION.keyScriptures}`,
      "",
      `Quotations are from the ${translation.shownName} (${translation.shown}).`,
      "",
      scriptures.join("\n\n"),
    ].join("\n"),
  );

  const themes = themesSection(gathered, voice);
  if (themes && !voice.plain) sections.push(`## ${SECTION.whatScriptureSays}\n\n${themes}`);

  const questionList = questions(subject, gathered, voice);
  sections.push(
    `## ${SECTION.discussionQuestions}\n\n${questionList.map((question, index) => `${index + 1}. ${question}`).join("\n")}`,
  );

  sections.push(
    `## ${SECTION.applicationPoints}\n\n${applications(subject, gathered, voice)
      .map((point) => `- ${point}`)
      .join("\n")}`,
  );

  const crossReferences = topicCrossReferences(gathered, voice, translation.shown);
  if (crossReferences) sections.push(`## ${SECTION.crossReferences}\n\n${crossReferences}`);

  const focus: Focus = { kind: "topic", subject };
  const lessonVerses: LessonVerse[] = gathered.picks.map((pick) => ({
    reference: pick.reference,
    text: pick.text,
    kind: pick.kind,
  }));

  return { title, content: finishLesson(sections, focus, lessonVerses, voice) };
}

function topicCrossReferences(
  gathered: Gathered,
  voice: Voice,
  translation: ReturnType<typeof resolveTranslation>["shown"],
) {
  const seen = new Set(gathered.picks.map((pick) => pick.range.start));
  const rows: Array<{ reference: string; start: VerseId; end: VerseId; from: string }> = [];
  const perPick = voice.deep ? 3 : 2;
  for (const pick of gathered.picks.slice(0, voice.deep ? 5 : 3)) {
    let added = 0;
    for (const reference of crossReferencesFor([pick.range], 6)) {
      if (added >= perPick) break;
      if (seen.has(reference.range.start) || countVerses([reference.range]) > 3) continue;
      if (
        gathered.picks.some(
          (other) => reference.range.start >= other.range.start && reference.range.start <= other.range.end,
        )
      )
        continue;
      seen.add(reference.range.start);
      rows.push({
        reference: reference.reference,
        start: reference.range.start,
        end: reference.range.end,
        from: pick.reference,
      });
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
    voice.pick("xref-intro", wording.crossReferencesIntros),
    "",
    ...rows.map((row) => `- (${row.reference}) “${snippet(texts.get(row.start) ?? "")}” — read with (${row.from})`),
  ].join("\n");
}
