import { z } from "zod";
import { parseDataReference } from "~/modules/bible/books";
import type { VerseRange } from "~/modules/bible/references.server";
import topicAnchorsJson from "./content/topic-anchors.json";
import { stem } from "./stem";
import { joinList } from "./text";

/**
 * Reviewed anchor passages for the topics people study (content/topic-anchors.json, see
 * content/README.md). A topic lesson is built from its anchors first; Nave's Topical Bible and the
 * cross-references widen from them, never replace them. A request that matches no topic well
 * enough gets the closest topic names to choose from, never a lesson built on a word that happens
 * to occur in a verse ("social media" from the Medes).
 */

export interface TopicAnchor {
  id: string;
  name: string;
  aliases: string[];
  anchors: Array<{ ref: string; ranges: VerseRange[]; why: string }>;
  /** Three discussion questions on the topic itself, each naming an anchor where it can. */
  questions: string[];
  /** One or two things to do this week. */
  practice: string[];
  /** A reviewed closing prayer, one to three sentences, true to the anchors. */
  prayer: string;
  nave: string[];
  related: string[];
}

/** A match scores 1 when the words are a topic's name or alias; below this there is no topic. */
export const TOPIC_MATCH_THRESHOLD = 0.6;
const CLOSEST_COUNT = 5;

/** Words that say nothing of the topic: "what the Bible says about dealing with anger" is "anger". */
const stopWords = new Set(
  (
    "a an and or the of in on at to for with without from about into by as is are be being my our your " +
    "their his her its me us we i you how what why when where who does do can should christian christians " +
    "say says saying teach teaches teaching study lesson lessons topic dealing deal handling handle coping " +
    "cope overcoming overcome struggling struggle over"
  ).split(" "),
);
/** Ways of asking that name the Bible without being about it: "Bible verses on grief" is "grief". */
const askingAboutScripture =
  /\b(what (does|do) (the )?(bible|scriptures?|god|jesus) (say|says|teach|teaches)|(bible|scripture|scriptures) (verses?|passages?|study|studies|lessons?|teaching) (about|on|for)|biblical|verses? (about|on|for))\b/g;

/** The stems a phrase is made of, without the words that carry no topic. */
function stems(phrase: string): string[] {
  const tokens = phrase
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .replace(askingAboutScripture, " ")
    .split(/[^a-z-]+/)
    // "in-laws" is one word, not "in" and "laws" (God's law).
    .map((token) => token.replace(/-/g, ""))
    .filter((token) => token && !stopWords.has(token));
  return [...new Set(tokens.map(stem))].sort();
}

const text = z.string().trim().min(1);
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");
/** One or more USFM data references to verses that exist, joined by commas: "1CO.7.7-1CO.7.8,1CO.7.32-1CO.7.35". */
const passage = text.refine(
  (ref) =>
    ref
      .split(",")
      .every((part) => /^[1-3A-Z]{3}\.\d+(\.\d+)?(-[1-3A-Z]{3}\.\d+\.\d+)?$/.test(part) && parseDataReference(part)),
  "must be references like JHN.3.16, PSA.23 or JHN.1.1-JHN.1.3 (commas between several) to verses that exist",
);

const topic = z.strictObject({
  id,
  name: text,
  aliases: z.array(text),
  anchors: z
    .array(z.strictObject({ ref: passage, why: text }))
    .min(3)
    .max(8),
  // Reviewed, so a lesson on "Social media" asks about social media, not "what reason does the
  // passage give"; references inside questions are checked against the anchors by the tests.
  questions: z.array(text.max(220)).length(3),
  practice: z.array(text.max(220)).min(1).max(2),
  // Prayed as it stands: addressed to God, never thanking him "for (Ephesians 6:1-4)".
  prayer: text
    .max(320)
    .refine((prayer) => !/[()]/.test(prayer), "names no passage in parentheses: pray what it says instead")
    .refine((prayer) => prayer.endsWith("Amen."), "ends with Amen."),
  nave: z.array(text),
  related: z.array(id),
});

export const topicAnchorsSchema = z
  .strictObject({
    topics: z.array(topic).min(1),
    defaults: z.array(id).min(CLOSEST_COUNT),
    // Words that narrow a request to a person, an age or a setting ("Parenting teenagers"), in
    // groups a topic speaks of by any one of them (a passage on "wives" speaks of a "spouse").
    qualifiers: z.array(z.array(z.string().regex(/^[a-z]+(-[a-z]+)*$/, "must be one lower-case word")).min(1)),
  })
  .superRefine((file, context) => {
    const ids = new Set<string>();
    const phrases = new Map<string, string>();
    file.topics.forEach((entry, index) => {
      if (ids.has(entry.id))
        context.addIssue({ code: "custom", path: ["topics", index, "id"], message: "id used twice" });
      ids.add(entry.id);
      for (const phrase of [entry.name, ...entry.aliases]) {
        const key = stems(phrase).join(" ");
        const owner = phrases.get(key);
        if (!key || (owner && owner !== entry.id))
          context.addIssue({
            code: "custom",
            path: ["topics", index, "aliases"],
            message: key
              ? `"${phrase}" already names the topic ${owner}`
              : `"${phrase}" has no words that name a topic`,
          });
        phrases.set(key, entry.id);
      }
    });
    file.topics.forEach((entry, index) =>
      entry.related.forEach((related, at) => {
        if (!ids.has(related) || related === entry.id)
          context.addIssue({
            code: "custom",
            path: ["topics", index, "related", at],
            message: `no other topic ${related}`,
          });
      }),
    );
    file.defaults.forEach((entry, at) => {
      if (!ids.has(entry)) context.addIssue({ code: "custom", path: ["defaults", at], message: `no topic ${entry}` });
    });
  });

/** Parses the file, or throws an error naming it and every bad path (the app then refuses to start). */
export function parseTopicAnchors(data: unknown) {
  const result = topicAnchorsSchema.safeParse(data);
  if (!result.success)
    throw new Error(
      `Built-in writer content app/modules/ai/builtin/content/topic-anchors.json is invalid:\n${z.prettifyError(result.error)}`,
    );
  return result.data;
}

/**
 * The shipped topics with their references resolved and their names stemmed, made on first use
 * rather than at start-up (every server start, test server and desktop launch paid about 50 ms of
 * processor time for it). The unit test checks the shipped file.
 */
interface TopicIndex {
  file: ReturnType<typeof parseTopicAnchors>;
  topics: TopicAnchor[];
  byId: Map<string, TopicAnchor>;
  phrases: Array<{ topic: TopicAnchor; stems: string[] }>;
  /** Every word a topic is named with, across its name and aliases. */
  vocabularies: Map<TopicAnchor, Set<string>>;
}
let index: TopicIndex | undefined;
function topicIndex(): TopicIndex {
  if (index) return index;
  const file = parseTopicAnchors(topicAnchorsJson);
  const topics: TopicAnchor[] = file.topics.map((entry) => ({
    ...entry,
    anchors: entry.anchors.map((anchor) => ({
      ref: anchor.ref,
      why: anchor.why,
      ranges: anchor.ref.split(",").map((part) => parseDataReference(part)!),
    })),
  }));
  index = {
    file,
    topics,
    byId: new Map(topics.map((entry) => [entry.id, entry])),
    phrases: topics.flatMap((entry) =>
      [entry.name, ...entry.aliases].map((phrase) => ({ topic: entry, stems: stems(phrase) })),
    ),
    vocabularies: new Map(
      topics.map((entry) => [entry, new Set([entry.name, ...entry.aliases].flatMap((phrase) => stems(phrase)))]),
    ),
  };
  return index;
}

/** Every shipped topic, in the file's order. */
export function allTopicAnchors(): TopicAnchor[] {
  return topicIndex().topics;
}

/**
 * How well the query's stems fit a phrase: 1 when they are the same words; otherwise the share of
 * the query the phrase accounts for, lowered a little for the phrase's words the query lacks. Most
 * of the query must be explained, so one shared word in "xylophone maintenance for the church"
 * does not make a lesson on the church.
 */
function fit(query: string[], phrase: string[]) {
  const shared = query.filter((word) => phrase.includes(word)).length;
  if (shared === 0) return 0;
  if (shared === query.length && shared === phrase.length) return 1;
  return (shared / query.length) * Math.sqrt(shared / phrase.length) * 0.99;
}

/**
 * Words spread over one topic's names count too ("loneliness and isolation" names two aliases of
 * loneliness), a little below a single phrase, and only when at least two of them agree.
 */
function spread(query: string[], vocabulary: Set<string>) {
  const shared = query.filter((word) => vocabulary.has(word)).length;
  return shared >= 2 ? (shared / query.length) * 0.9 : 0;
}

export function topicById(topicId: string): TopicAnchor | undefined {
  return topicIndex().byId.get(topicId);
}

/** A person named as someone's ("my father", "our son"): whom a struggle concerns, not what it is. */
const personConcerned =
  /\b(?:my|our|his|her|their|your)\s+(?:(?:elderly|aging|ageing|adult|teenage|late|new|ex|former|step)[- ]?)?(?:father|mother|dad|mum|mom|parents?|husband|wife|spouse|son|daughter|child|children|kids?|brother|sister|siblings?|friends?|boss|manager|co-?workers?|colleagues?|neighbou?rs?|pastor|family|teenagers?|in-laws?)\b/gi;

/** Scores every topic for the query's stems into `best` (the higher score kept), times `weight`. */
function scoreInto(best: Map<TopicAnchor, number>, words: string[], weight: number) {
  if (words.length === 0) return;
  const { phrases, vocabularies } = topicIndex();
  for (const phrase of phrases) {
    const score = fit(words, phrase.stems) * weight;
    if (score > (best.get(phrase.topic) ?? 0)) best.set(phrase.topic, score);
  }
  for (const [topic, vocabulary] of vocabularies) {
    const score = spread(words, vocabulary) * weight;
    if (score > (best.get(topic) ?? 0)) best.set(topic, score);
  }
}

/** The topic a user's words mean, or (below the threshold) the closest topic names to offer instead. */
export function matchTopic(query: string): { topic: TopicAnchor; score: number } | { closest: string[] } {
  // A topic's own id ("in-laws", "aging-parents", or "in laws"), as related topics and links name it.
  const { file, byId } = topicIndex();
  const byOwnId = byId.get(query.trim().toLowerCase().replace(/\s+/g, "-"));
  if (byOwnId) return { topic: byOwnId, score: 1 };
  const best = new Map<TopicAnchor, number>();
  // "Forgiving my father" is a study of forgiveness: the person it concerns is not its topic. The
  // words without such a person are tried too, a little lower, and the better fit wins ("caring for
  // my aging parents" still finds that topic whole, "loving my neighbour" the neighbour).
  const words = stems(query);
  const withoutPerson = stems(query.replace(personConcerned, " "));
  scoreInto(best, words, 1);
  if (withoutPerson.join(" ") !== words.join(" ")) scoreInto(best, withoutPerson, 0.95);
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [top] = ranked;
  if (top && top[1] >= TOPIC_MATCH_THRESHOLD) return { topic: top[0], score: top[1] };
  // Only to suggest: a hyphenated word's parts ("same-sex" is about sex, "self-control" about
  // control), never enough for a lesson ("in-laws" is not about the law).
  const parts = stems(query.replace(/-/g, " "));
  if (parts.join(" ") !== words.join(" ")) scoreInto(best, parts, 0.9);
  const closest = [...best].sort((a, b) => b[1] - a[1]).map(([entry]) => entry);
  for (const fallback of file.defaults) closest.push(byId.get(fallback)!);
  return { closest: [...new Set(closest)].slice(0, CLOSEST_COUNT).map((entry) => entry.name) };
}

/** Where a request joins two topics: "pride and humility", "faith & works", "law vs grace", "grief, hope". */
const JOIN = /(\s*(?:,|&|\band\b|\bvs\.?(?=\s|$)|\bversus\b)\s*)/i;

/**
 * Two known topics joined in one request ("Pride and humility"), tried at every join, the best
 * pair kept; null when no split names two different topics (one half unknown, or both halves
 * the same topic, "loneliness and isolation").
 */
function pairIn(query: string): { pair: [TopicAnchor, TopicAnchor]; named: boolean } | null {
  const pieces = query.split(JOIN);
  let best: { pair: [TopicAnchor, TopicAnchor]; score: number; named: boolean } | null = null;
  // Odd indexes hold the joins themselves; a split falls at one of them.
  for (let at = 1; at < pieces.length; at += 2) {
    const left = matchTopic(pieces.slice(0, at).join(""));
    const right = matchTopic(pieces.slice(at + 1).join(""));
    if (!("topic" in left) || !("topic" in right) || left.topic === right.topic) continue;
    const score = Math.min(left.score, right.score);
    const named = [left.topic, right.topic].every((topic, side) =>
      [topic.name, topic.id.replace(/-/g, " ")].some(
        (name) =>
          stems(name).join(" ") ===
          stems(side === 0 ? pieces.slice(0, at).join("") : pieces.slice(at + 1).join("")).join(" "),
      ),
    );
    if (!best || score > best.score) best = { pair: [left.topic, right.topic], score, named };
  }
  return best;
}

/** The stems a topic's own reviewed words use: its name, what its anchors teach, its questions, practice and prayer. */
const spokenOf = new Map<TopicAnchor, Set<string>>();
function stemsSpokenOf(topic: TopicAnchor): Set<string> {
  let spoken = spokenOf.get(topic);
  if (!spoken) {
    const words = [topic.name, ...topic.anchors.map((anchor) => anchor.why), ...topic.questions, ...topic.practice];
    spoken = new Set(stems([...words, topic.prayer].join(" ")));
    spokenOf.set(topic, spoken);
  }
  return spoken;
}

const possessive = /^(?:my|our|your|his|her|their)$/;
/** Each qualifier's stem, with the stems of its group (made on first use, as the index). */
let qualifierStems: Map<string, string[]> | undefined;
function qualifiers(): Map<string, string[]> {
  qualifierStems ??= new Map(
    topicIndex().file.qualifiers.flatMap((group) => {
      const groupStems = group.map((word) => stem(word.replace(/-/g, "")));
      return groupStems.map((groupStem) => [groupStem, groupStems] as const);
    }),
  );
  return qualifierStems;
}

/**
 * The person, age or setting a request narrows its topic to that the study never speaks of
 * ("teenagers" in "Parenting teenagers", "my husband" in "Anger at my husband"): words of the
 * reviewed `qualifiers` list that none of the topics' own reviewed words use (an alias may name
 * more than the lesson teaches), as runs in the request's order. Null when there is none, or when
 * the request is nothing but such words ("Teenagers").
 */
function unspokenIn(query: string, topics: TopicAnchor[]): string | null {
  const words = query
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .replace(askingAboutScripture, " ")
    .split(/[^a-z-]+/)
    .filter(Boolean);
  const kinds = words.map((word) => {
    const token = word.replace(/-/g, "");
    if (!token || stopWords.has(token) || JOIN.test(` ${token} `)) return "small";
    const group = qualifiers().get(stem(token));
    if (!group) return "topic";
    return topics.some((topic) => group.some((word) => stemsSpokenOf(topic).has(word))) ? "topic" : "unspoken";
  });
  if (!kinds.includes("topic") || !kinds.includes("unspoken")) return null;
  const runs: string[] = [];
  for (let index = 0; index < words.length; index++) {
    if (kinds[index] !== "unspoken") continue;
    let end = index;
    for (let next = index + 1; next < words.length && kinds[next] !== "topic"; next++)
      if (kinds[next] === "unspoken") end = next;
    const start = index > 0 && possessive.test(words[index - 1]!) ? index - 1 : index;
    runs.push(words.slice(start, end + 1).join(" "));
    index = end;
  }
  return joinList(runs);
}

/** Whether a topic's own reviewed words use every word of the request ("faith and works" and Good works). */
function speaksOfAll(query: string, topic: TopicAnchor) {
  return stems(query).every((word) => stemsSpokenOf(topic).has(word));
}

/**
 * What a request asks to study: one topic, or two joined ("Pride and humility"), with the person or
 * setting the lesson will not speak of; else the closest topics to offer. A whole match comes first
 * ("Work and rest" is one topic), unless it is an alias joining two topics' own names and its words
 * never speak of one of them ("prayer and fasting" names Fasting, which never speaks of prayer).
 * A pair with an unknown half is refused like any unknown request.
 */
export function matchStudy(
  query: string,
): { topics: [TopicAnchor] | [TopicAnchor, TopicAnchor]; unspoken: string | null } | { closest: string[] } {
  const whole = matchTopic(query);
  const pair = pairIn(query);
  const wholeFirst = "topic" in whole && whole.score === 1 && (!pair?.named || speaksOfAll(query, whole.topic));
  if (pair && !wholeFirst) return { topics: pair.pair, unspoken: unspokenIn(query, pair.pair) };
  if ("topic" in whole) return { topics: [whole.topic], unspoken: unspokenIn(query, [whole.topic]) };
  return whole;
}
