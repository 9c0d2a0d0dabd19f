/** Small, pure text helpers for the built-in devotional writer (shared ones live in ../text). */

/** Lower-cased words of a text, possessives dropped: "God's" -> "god". */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)?/g) ?? []).map((word) =>
    word.replace(/['’]s$/, "").replace(/’/g, "'"),
  );
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

/** A quotation stands on its own: at least this many words, opening on a sentence of at least `OPENING_WORDS`. */
const STANDALONE_WORDS = 15;
const OPENING_WORDS = 10;

/**
 * A quotation a reader can follow without its context: long enough to say something, and not
 * opening on a short line out of an argument ("Stay a while, and it will be summer.").
 */
export function standsAlone(sentences: string[]): boolean {
  const count = (text: string) => text.split(/\s+/).filter(Boolean).length;
  return count(sentences[0] ?? "") >= OPENING_WORDS && count(sentences.join(" ")) >= STANDALONE_WORDS;
}

/**
 * A short item of Henry's list closed by its verse ("Whatever condition we are in, ... to continue
 * calling upon God, Ps. 130:1.", "Exhortations to several Christian duties, ... Phil. 4:1-9."):
 * not a sentence to start a quotation on.
 */
export function listItem(sentence: string): boolean {
  return sentence.split(/\s+/).length < 18 && /,? (?:[1-3] )?[A-Z][a-z]+\.? \d+:\d+[\d,\s–-]*\.$/.test(sentence);
}
