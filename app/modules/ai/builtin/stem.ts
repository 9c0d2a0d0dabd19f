import { LRUCache } from "lru-cache";
import snowball from "snowball-stemmers";

// Porter2, the Snowball English stemmer: "loved", "loves" and "loving" share the stem "love".
// It knows modern English only; the content files list the KJV forms ("loveth") it leaves alone.
const english = snowball.newStemmer("english");

// Texts repeat their words, and Snowball costs a few microseconds a word: remember recent stems.
const cache = new LRUCache<string, string>({ max: 20_000 });
// Snowball slows down sharply on very long tokens (a hostile page of 500,000 letters); no word
// that long has an ending worth removing.
const LONGEST_WORD = 40;

/** The stem of a word, lower-cased: the one way the built-in writer groups a word's forms. */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > LONGEST_WORD) return lower;
  let stemmed = cache.get(lower);
  if (stemmed === undefined) {
    stemmed = english.stem(lower);
    cache.set(lower, stemmed);
  }
  return stemmed;
}
