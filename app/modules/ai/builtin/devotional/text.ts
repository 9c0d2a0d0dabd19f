/** Small, pure text helpers for the built-in devotional writer (shared ones live in ../text). */

import { hashString } from "../text";

const STOP_WORDS = new Set(
  (
    "a an and are as at be been being but by for from had has have he her hers him his how i if in into is it its " +
    "me my no nor not of on or our ours she so than that the their theirs them then there these they this those " +
    "to too us was we were what when where which who whom why will with would you your yours shall should may might " +
    "can could do does did done also all any each every some such very just even now only own same both more most " +
    "other out up down over under again further once here about against between through during before after above " +
    "below off until while because upon unto thee thou thy thine ye hath doth art shalt wilt saith hast didst " +
    "say says said tell told went go goes gone come came comes coming made make makes let lo behold yea one two three " +
    "four five six seven eight nine ten hundred thousand many much among within without therefore thus also like " +
    "whoever whatever whose toward towards around took take taken put set stood stand brought bring day days " +
    "year years son sons man men people things thing every way ways place know knew known see saw seen give gave given " +
    "got get gets himself herself itself themselves yourselves ourselves myself yourself whether either neither yet " +
    "still though although shall must become became indeed away back far long great little another others against " +
    "lord god jesus christ israel truly everyone anyone someone nothing everything whoever whom shall " +
    // Census and measure words: "twenty years old or older", "according to their divisions".
    "according twenty thirty forty fifty sixty seventy eighty ninety older"
  ).split(/\s+/),
);

export function isStopWord(word: string) {
  return STOP_WORDS.has(word);
}

/** Lower-cased words of a text, possessives dropped: "God's" -> "god". */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)?/g) ?? []).map((word) =>
    word.replace(/['’]s$/, "").replace(/’/g, "'"),
  );
}

/** Removes quotation marks that would be unbalanced once a verse is cut into a fragment. */
export function stripQuotes(text: string) {
  return text
    .replace(/[“”"]/g, "")
    .replace(/(^|\s)[‘']/g, "$1")
    .replace(/[’'](?=\s|$|[,.;:!?])/g, (mark, offset: number, whole: string) =>
      /[a-z]s$/i.test(whole.slice(Math.max(0, offset - 2), offset)) ? mark : "",
    )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The clause of a verse that holds a word ("for God so loved the world"), long enough to make
 * sense on its own; the whole verse when it is short.
 */
export function fragmentAround(text: string, word?: string, maxWords = 24): string {
  const clean = stripQuotes(text);
  const total = clean.split(/\s+/).length;
  if (total <= maxWords) return trimPunctuation(clean);
  const clauses = clean.split(/(?<=[,;:.!?])\s+/);
  const merged: string[] = [];
  for (const clause of clauses) {
    const last = merged.at(-1);
    if (last !== undefined && last.split(/\s+/).length < 5) merged[merged.length - 1] = `${last} ${clause}`;
    else merged.push(clause);
  }
  const index = word ? merged.findIndex((clause) => words(clause).includes(word)) : 0;
  let start = Math.max(0, index);
  let fragment = merged[start]!;
  // Grow the fragment forward, then backward, while it stays short.
  while (fragment.split(/\s+/).length < 8 && start + 1 < merged.length) {
    const next = `${fragment} ${merged[start + 1]}`;
    if (next.split(/\s+/).length > maxWords) break;
    fragment = next;
    merged.splice(start + 1, 1);
  }
  while (fragment.split(/\s+/).length < 8 && start > 0) {
    const previous = `${merged[start - 1]} ${fragment}`;
    if (previous.split(/\s+/).length > maxWords) break;
    fragment = previous;
    start -= 1;
  }
  const fragmentWords = fragment.split(/\s+/);
  if (fragmentWords.length > maxWords) {
    const at = word
      ? Math.max(
          0,
          fragmentWords.findIndex((token) => words(token).includes(word)),
        )
      : 0;
    const from = Math.max(0, Math.min(at - Math.floor(maxWords / 3), fragmentWords.length - maxWords));
    fragment = fragmentWords.slice(from, from + maxWords).join(" ");
    return `${from > 0 ? "…" : ""}${trimPunctuation(fragment)}…`;
  }
  return trimPunctuation(fragment);
}

function trimPunctuation(text: string) {
  return text
    .replace(/^[\s,;:.—–-]+/, "")
    .replace(/[\s,;:.—–-]+$/, "")
    .trim();
}

/** A fragment in quotation marks, ending a sentence: “... life.” (or “... life?”). */
export function quotedSentence(fragment: string) {
  return /[?!…]$/.test(fragment) ? `“${fragment}”` : `“${fragment}.”`;
}

/** A whole verse for a block quote, without quotation marks left open by where the verse ends. */
export function verseForQuote(text: string) {
  const opens = (text.match(/“/g) ?? []).length;
  const closes = (text.match(/”/g) ?? []).length;
  const balanced = opens === closes ? text : text.replace(/[“”]/g, "");
  const singleOpens = (balanced.match(/‘/g) ?? []).length;
  const singleCloses = (balanced.match(/’(?![a-z])/gi) ?? []).length;
  return (singleOpens === singleCloses ? balanced : balanced.replace(/‘/g, "").replace(/’(?![a-z])/gi, "")).trim();
}

/** Items in a stable order shuffled by a seed (the same seed gives the same order). */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  return items
    .map((item, index) => ({ item, key: hashString(`${seed}:${index}`) }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}
