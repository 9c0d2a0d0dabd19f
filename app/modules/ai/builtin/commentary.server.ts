import { commentaryForRanges, commentaryParagraphs, type CommentarySection } from "~/modules/bible/commentary.server";
import { splitVerseId, type VerseId } from "~/modules/bible/books";
import type { VerseRange } from "~/modules/bible/references.server";
import { hashString } from "./text";
import { stem } from "./stem";
import { LRUCache } from "lru-cache";

/**
 * Matthew Henry's commentary as the built-in writer quotes it: whole sentences, verbatim, that
 * stand on their own (no "He", "This" or "Observe" pointing back at what came before, no inline
 * references or numbered points), chosen for the verses in view and for saying something a
 * reader can carry.
 */

export interface HenrySentence {
  /** The section quoted: "John 3:1-21" (attributed as "Matthew Henry on John 3:1-21"). */
  reference: string;
  text: string;
  /** Where it sits in Henry's text on the reading (for reading order). */
  position: number;
  /** The verse of the chapter the paragraph around it discusses, when Henry names one. */
  verse?: number;
  score: number;
  /** How many of the focus words (by stem) it uses. */
  focusHits: number;
}

export interface HenryOnPassage {
  introductions: CommentarySection[];
  sections: CommentarySection[];
  sentences: HenrySentence[];
}

const ABBREVIATION =
  /\b(?:ver|vv?|ch|chap|viz|st|mr|dr|comp|cf|i\.e|e\.g|gen|exod|lev|num|deut|matt|rom|cor|gal|eph|phil|col|thess|tim|heb|jam|pet|rev|ps|prov|eccl|isa|jer|lam|ezek|dan|hos|mic|hab|zeph|zech|mal|neh|sam|kgs|chron|judg|josh|obad)\.$/i;

/** Openings that lean on the sentence before ("He", "This", "Observe,"): not quotable alone. */
const LEANING =
  /^(?:he|she|they|them|this|these|those|that|it(?! is)|its|his|her|their|here|there|so|and|but|yet|thus|hence|observe|see|note|which|such|now|then|or|nor|for|as|both|also|again|therefore|first|secondly|lastly|thirdly|whereas|whence|here|the former|the latter|the same|the other|not|nay|if so|in this|in these|by this|by these|to this|of this|upon this)\b/i;

const WEIGHTY = new Set(
  "god christ lord grace sin sinner faith love mercy soul heart prayer pray holy spirit gospel salvation saved promise word truth good evil comfort peace hope duty sorrow joy repent repentance forgive forgiveness righteous righteousness wicked heaven glory fear trust obey obedience humble pride life death world"
    .split(" ")
    .map(stem),
);

const APPLYING = new Set(["we", "us", "our", "those", "who", "all", "must", "should", "will", "may", "let"]);

/** Sentences as slices of the paragraph itself, so a quote is always a verbatim substring. */
function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const boundary of paragraph.matchAll(/(?<=[.!?])\s+(?=[A-Z“‘])/g)) {
    const piece = paragraph.slice(start, boundary.index);
    // "St. Paul", "ver. 5": the cut came after an abbreviation, so the sentence goes on.
    if (ABBREVIATION.test(piece.split(/\s+/).at(-1) ?? "") || /\b[A-Z]\.$/.test(piece)) continue;
    sentences.push(piece);
    start = boundary.index + boundary[0].length;
  }
  sentences.push(paragraph.slice(start));
  return sentences.map((sentence) => sentence.trim()).filter(Boolean);
}

function quotable(sentence: string) {
  const words = sentence.split(/\s+/);
  if (words.length < 10 || words.length > 42) return false;
  if (!/^[A-Z]/.test(sentence) || !/[a-z][.!]$/.test(sentence)) return false;
  if (/\d|[:—–]|\(|\)|\bviz\b|\bi\.e\.|\bver\.|\bch\./i.test(sentence)) return false;
  if (LEANING.test(sentence)) return false;
  // Quotation marks must pair up, or the quote would open one it never closes.
  const opens = (sentence.match(/“/g) ?? []).length;
  const closes = (sentence.match(/”/g) ?? []).length;
  if (opens !== closes || /["]/.test(sentence)) return false;
  // A name at the start of a later clause, lower-cased by the source, reads as an error: skip.
  return true;
}

/** A quotable sentence, read once: its word stems and what scores it apart from the focus. */
interface Candidate {
  reference: string;
  text: string;
  position: number;
  verse?: number;
  inRange: boolean;
  stems: Set<string>;
  /** Its score before the focus words: weighty words, words that apply it to us, its length. */
  base: number;
}

/** Words too common to stem (the stemmer is most of the cost of reading a chapter's commentary). */
const COMMON = new Set(
  "the and that his him which with for they this not are was but have our will who all them their from what shall thou thee thy were there then when upon into unto been hath than those these such".split(
    " ",
  ),
);

function candidateOf(sentence: string) {
  const words = sentence.toLowerCase().match(/[a-z]+/g) ?? [];
  const stems = new Set(words.filter((word) => word.length > 2 && !COMMON.has(word)).map(stem));
  let base = 0;
  for (const word of stems) if (WEIGHTY.has(word)) base += 1;
  if (words.some((word) => APPLYING.has(word))) base += 1.5;
  // Henry's aphorisms are mostly 14-30 words.
  if (words.length >= 14 && words.length <= 30) base += 1;
  return { stems, base };
}

function paragraphVerse(paragraph: string, chapter: number): number | undefined {
  for (const match of paragraph.matchAll(/\b(\d+):(\d+)/g)) {
    if (Number(match[1]) === chapter) return Number(match[2]);
  }
  return undefined;
}

/**
 * Henry on the ranges: the introductions and sections that cover them, and the quotable sentences
 * of those sections ranked for the focus words (the key verses' words), best first. Sentences from
 * paragraphs about verses outside the ranges rank lower.
 */
export function henryOn(ranges: VerseRange[], focusWords: string[] = []): HenryOnPassage {
  const { introductions, sections, candidates } = prepared(ranges);
  const focus = new Set(focusWords.map((word) => stem(word.toLowerCase())));
  const sentences: HenrySentence[] = candidates.map(({ reference, text, position, verse, inRange, stems, base }) => {
    let focusHits = 0;
    for (const word of focus) if (stems.has(word)) focusHits += 1;
    return { reference, text, position, verse, focusHits, score: base + 1.5 * focusHits - (inRange ? 0 : 2) };
  });
  sentences.sort((a, b) => b.score - a.score || a.position - b.position);
  return { introductions, sections, sentences };
}

// A day's devotional asks for the same reading at three levels, a lesson for the same verses
// several times: the sections' sentences are split and stemmed once for a few recent readings.
const preparedCache = new LRUCache<string, ReturnType<typeof prepare>>({ max: 16 });

function prepared(ranges: VerseRange[]) {
  const key = ranges.map((range) => `${range.start}-${range.end}`).join(",");
  let entry = preparedCache.get(key);
  if (!entry) preparedCache.set(key, (entry = prepare(ranges)));
  return entry;
}

function prepare(ranges: VerseRange[]) {
  const found = commentaryForRanges(ranges);
  const sections = found.filter((section) => !section.intro);
  const candidates: Candidate[] = [];
  // Counted across the sections, so sorting by it restores Henry's order over the whole reading.
  let position = 0;
  for (const section of sections) {
    const { chapter } = splitVerseId(section.range.start);
    for (const paragraph of commentaryParagraphs(section.text)) {
      const verse = paragraphVerse(paragraph, chapter);
      const id =
        verse === undefined ? undefined : section.range.start - splitVerseId(section.range.start).verse + verse;
      const inRange = id === undefined || ranges.some((range) => id >= range.start && id <= range.end);
      for (const sentence of splitSentences(paragraph)) {
        position += 1;
        if (!quotable(sentence)) continue;
        candidates.push({
          reference: section.reference,
          text: sentence,
          position,
          verse,
          inRange,
          ...candidateOf(sentence),
        });
      }
    }
  }
  return { introductions: found.filter((section) => section.intro), sections, candidates };
}

/**
 * A few of the best sentences, varied by the seed among those nearly as good, never two alike,
 * at most `perSection` from one section, then put back in the order Henry wrote them.
 */
export function chooseSentences(
  sentences: HenrySentence[],
  count: number,
  seed: string,
  { perSection = 3, exclude = new Set<string>() }: { perSection?: number; exclude?: Set<string> } = {},
): HenrySentence[] {
  const pool = sentences.filter((sentence) => !exclude.has(sentence.text)).slice(0, Math.max(count * 3, 6));
  const ranked = pool
    .map((sentence) => ({ sentence, key: sentence.score * 1000 + (hashString(`${seed}|${sentence.text}`) % 1000) }))
    .sort((a, b) => b.key - a.key)
    .map(({ sentence }) => sentence);
  const chosen: HenrySentence[] = [];
  const perSectionCount = new Map<string, number>();
  for (const sentence of ranked) {
    if (chosen.length >= count) break;
    const used = perSectionCount.get(sentence.reference) ?? 0;
    if (used >= perSection) continue;
    perSectionCount.set(sentence.reference, used + 1);
    chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.position - b.position);
}

/**
 * Henry's numbered summary of a chapter, point by point ("I. God’s call of Abram to the land of
 * Canaan, Gen. 12:1-3."): each point's words without its reference, verbatim, with the verse it
 * starts at. Empty when the introduction has no numbered points.
 */
export function introductionPoints(intro: CommentarySection): Array<{ text: string; verse?: number }> {
  const { chapter } = splitVerseId(intro.range.start);
  const points: Array<{ text: string; verse?: number }> = [];
  for (const piece of intro.text.split(/(?:^|\s|—)(?=[IVX]{1,4}\.\s)/).slice(1)) {
    const body = piece.replace(/^[IVX]{1,4}\.\s+/, "");
    const reference = /,?\s*\(?(?:[1-3]\s)?[A-Z][a-z]*\.?\s*(\d+):(\d+)/.exec(body);
    const text = (reference ? body.slice(0, reference.index) : body.split(/(?<=[.!?])\s/)[0]!)
      .trim()
      .replace(/[,;:.]+$/, "");
    const words = text.split(/\s+/).length;
    if (words < 3 || words > 30 || /\d/.test(text)) continue;
    const verse = reference && Number(reference[1]) === chapter ? Number(reference[2]) : undefined;
    points.push({ text, verse });
  }
  return points;
}

/** The verse id a point of a chapter's introduction names, for matching it to a section. */
export function pointVerseId(intro: CommentarySection, verse: number): VerseId {
  return intro.range.start - 1 + verse;
}
