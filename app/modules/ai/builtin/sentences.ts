/**
 * Sentence tools for the built-in (extractive) summarizer: splitting prose into sentences without
 * breaking on "Dr.", "St.", "C. S. Lewis" or "Rom. 8", judging whether a sentence is a complete,
 * well-formed one, and the content words that say what it is about. Pure functions.
 */

import { stem } from "./stem";

// Words that end with a period without ending the sentence (compared lowercased, without the dot).
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "sr",
  "jr",
  "rev",
  "fr",
  "pr",
  "prof",
  "gen",
  "col",
  "capt",
  "lt",
  "sgt",
  "hon",
  "vs",
  "etc",
  "cf",
  "viz",
  "approx",
  "no",
  "vol",
  "ch",
  "chap",
  "pp",
  "p",
  "v",
  "vv",
  "ver",
  "ed",
  "eds",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "mt",
  "ft",
  "inc",
  "ltd",
  "co",
  // Bible book abbreviations commonly written with a period.
  "ex",
  "exod",
  "lev",
  "num",
  "deut",
  "josh",
  "judg",
  "sam",
  "kgs",
  "chr",
  "neh",
  "esth",
  "ps",
  "psa",
  "prov",
  "eccl",
  "eccles",
  "isa",
  "jer",
  "lam",
  "ezek",
  "dan",
  "hos",
  "obad",
  "mic",
  "nah",
  "hab",
  "zeph",
  "hag",
  "zech",
  "mal",
  "matt",
  "mk",
  "lk",
  "jn",
  "rom",
  "cor",
  "gal",
  "eph",
  "phil",
  "thess",
  "tim",
  "tit",
  "philem",
  "heb",
  "jas",
  "pet",
  "jude",
]);

const OPENERS = `"'“‘(\\[`;
const CLOSERS = `"'”’)\\]`;

const WORD_CHARACTER = /[\p{L}.]/u;

/**
 * Whether the period at `dot` ends an abbreviation: the letters and periods just before it, read
 * backwards no further than `start`. A loop rather than /([\p{L}.]+)\.$/, which V8 retries from
 * every position of a long run (quadratic).
 */
function endsWithAbbreviation(text: string, start: number, dot: number): boolean {
  let from = dot;
  while (from > start && WORD_CHARACTER.test(text[from - 1]!)) from -= 1;
  const word = text.slice(from, dot);
  if (!word) return false;
  // "e.g.", "i.e.", "U.S.": a period inside the word marks an abbreviation.
  if (word.includes(".")) return true;
  // An initial, as in "C. S. Lewis".
  if (/^\p{Lu}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

// The lookbehind starts a match only at the first mark of a run: otherwise V8 retries from each
// mark of a long run ("......") and scans to its end every time (quadratic).
const BOUNDARY = new RegExp(`(?<![.!?…])([.!?…]+)([${CLOSERS}]*)(\\s+)(?=[${OPENERS}]*[\\p{Lu}\\d])`, "gu");

/** Sentences of a paragraph, in order, trimmed. */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, " ").trim();
  const sentences: string[] = [];
  let start = 0;
  const boundary = new RegExp(BOUNDARY);
  let match: RegExpExecArray | null;
  while ((match = boundary.exec(text))) {
    const end = match.index + match[1]!.length + match[2]!.length;
    if (match[1] === "." && !match[2] && endsWithAbbreviation(text, start, match.index)) continue;
    sentences.push(text.slice(start, end).trim());
    start = end + match[3]!.length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const BOILERPLATE =
  /\b(click|tap here|subscribe|unsubscribe|newsletter|sign up|log ?in|cookies?|privacy policy|terms of (use|service)|all rights reserved|share this|leave a (comment|reply)|comments? below|read more|continue reading|sponsored|advertisement|affiliate links?|download (our|the) app|follow us|thanks for reading|posted (in|on|by)|filed under|skip to)\b/i;

function balanced(text: string) {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  if (count(/\(/g) !== count(/\)/g)) return false;
  if (count(/\[/g) !== count(/\]/g)) return false;
  if (count(/“/g) !== count(/”/g)) return false;
  return count(/"/g) % 2 === 0;
}

/**
 * A complete sentence worth quoting: starts with a capital (or a quote before one), ends with . !
 * or ? (not an ellipsis), a sensible length, mostly letters, balanced quotes and brackets, and no
 * links, menu words or boilerplate ("Subscribe to our newsletter").
 */
export function isWellFormedSentence(sentence: string, { minWords = 6, maxWords = 50 } = {}): boolean {
  const count = words(sentence).length;
  if (count < minWords || count > maxWords) return false;
  if (!new RegExp(`^[${OPENERS}]*[\\p{Lu}\\d]`, "u").test(sentence)) return false;
  if (!new RegExp(`[^.][.!?][${CLOSERS}]*$`, "u").test(sentence)) return false;
  if (new RegExp(`(\\.\\.\\.|…)[${CLOSERS}]*$`, "u").test(sentence)) return false;
  if (/https?:|www\.|\S@\S|\s[|»›>]\s|#\w|\.(com|org|net)\b/i.test(sentence)) return false;
  if (BOILERPLATE.test(sentence)) return false;
  const visible = sentence.replace(/\s/g, "");
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  if (letters / visible.length < 0.7) return false;
  if (sentence === sentence.toUpperCase()) return false;
  return balanced(sentence);
}

/** Words inside a sentence that point back at something said before it ("those moments"). */
export const REFERS_BACK = /\b(those|these|such|the former|the latter|as mentioned|mentioned above|see above)\b/i;

/** Sentences that lean on what came before ("But...", "This means...", "They..."). */
export const DEPENDENT_START =
  /^[\s"'“‘(]*(but|and|or|nor|so|yet|also|however|therefore|thus|hence|then|this|that|these|those|it|its|it's|he|she|they|them|him|her|his|their|here|there|such|which|who|as a result|in addition|furthermore|moreover|likewise|similarly|instead|otherwise|still|even so|for example|for instance|in other words|finally|second|secondly|third|thirdly|next|again|above|below)\b/i;

// Discourse markers that can be dropped without changing a sentence's meaning.
const DROPPABLE_LEAD =
  /^(but|and|so|yet|also|now|indeed|in fact|of course|ultimately|again|however|therefore|thus|finally|in short|in the end)\b,?\s+/i;

/** "But grace is free." -> "Grace is free.": a sentence made to stand on its own where it can. */
export function standAlone(sentence: string): string {
  const trimmed = sentence.replace(DROPPABLE_LEAD, "");
  if (trimmed === sentence || words(trimmed).length < 5) return sentence;
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each even ever every few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just let like made make many may me
might more most much must my myself no nor not now of off on once one only or other ought our ours ourselves out
over own really same say says said she should so some such than that the their theirs them themselves then there
these they this those through to too under until up upon us very was we well were what when where which while who
whom whose why will with within without would yet you your yours yourself yourselves thing things way ways get gets
got go goes going come comes came know knows see sees want wants take takes use used using lot lots also around
always never often still since though although however therefore thus another much many every`.split(/\s+/),
);

/** The stemmed content words of a text (no stopwords, no numbers). */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const raw of text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []) {
    const word = raw.replace(/['’]s$/, "").replace(/['’-]/g, "");
    if (word.length < 3 || STOPWORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}
