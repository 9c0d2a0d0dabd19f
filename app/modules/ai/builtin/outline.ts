import { stem } from "./stem";
import { STOP_WORDS } from "./text";

export interface OutlineVerse {
  id: number;
  chapter: number;
  verse: number;
  text: string;
}

/**
 * Splits a passage into movements of related verses, for an outline. A new chapter always starts
 * a movement; otherwise the cuts fall where neighbouring verses share the fewest words (a light
 * form of TextTiling), and a verse opening with "Therefore", "Now" or "Then" invites a cut.
 * Every movement has at least two verses when the passage allows it.
 */
export function segmentPassage<Verse extends OutlineVerse>(verses: Verse[]): Verse[][] {
  if (verses.length <= 3) return verses.map((verse) => [verse]);
  const target = Math.min(7, Math.max(2, Math.round(verses.length / 4)));
  const stems = verses.map(
    (verse) =>
      new Set(
        (verse.text.toLowerCase().match(/[a-z]+/g) ?? [])
          .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
          .map(stem),
      ),
  );
  const windowSet = (from: number, to: number) => {
    const set = new Set<string>();
    for (let index = Math.max(0, from); index < Math.min(verses.length, to); index++)
      for (const word of stems[index]!) set.add(word);
    return set;
  };
  const gaps: Array<{ after: number; similarity: number }> = [];
  for (let index = 0; index < verses.length - 1; index++) {
    const next = verses[index + 1]!;
    if (next.chapter !== verses[index]!.chapter) {
      gaps.push({ after: index, similarity: -10 });
      continue;
    }
    const before = windowSet(index - 1, index + 1);
    const after = windowSet(index + 1, index + 3);
    let shared = 0;
    for (const word of before) if (after.has(word)) shared++;
    let similarity = shared / Math.sqrt(Math.max(1, before.size) * Math.max(1, after.size));
    if (/^\s*(?:therefore|now|then|after (?:this|these)|finally|so then|in those days|at that time)\b/i.test(next.text))
      similarity -= 0.15;
    gaps.push({ after: index, similarity });
  }
  const cuts = new Set<number>();
  const chapterBreaks = gaps.filter((gap) => gap.similarity <= -10).length;
  const ordered = [...gaps].sort((a, b) => a.similarity - b.similarity || a.after - b.after);
  for (const gap of ordered) {
    if (cuts.size - chapterBreaks >= target - 1 && gap.similarity > -10) break;
    const trial = [...cuts, gap.after].sort((a, b) => a - b);
    const sizes = trial.map((cut, index) => cut - (index === 0 ? -1 : trial[index - 1]!));
    sizes.push(verses.length - 1 - trial.at(-1)!);
    if (sizes.every((size) => size >= 2) || gap.similarity <= -10) cuts.add(gap.after);
  }
  const groups: Verse[][] = [];
  let current: Verse[] = [];
  verses.forEach((verse, index) => {
    current.push(verse);
    if (cuts.has(index)) {
      groups.push(current);
      current = [];
    }
  });
  if (current.length > 0) groups.push(current);
  return groups;
}
