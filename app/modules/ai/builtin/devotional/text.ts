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
