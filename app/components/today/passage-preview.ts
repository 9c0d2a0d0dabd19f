import type { LaidOutVerse } from "~/modules/bible/layout";

export interface PreviewedPassage<P> {
  /** The first verses of the first passage, shown as the reading's opening. */
  opening: LaidOutVerse[];
  /** The rest of the first passage, then every other passage whole, behind "Read the whole passage". */
  rest: { passage: P; verses: LaidOutVerse[]; continued: boolean }[];
  /** How many verses the rest holds. */
  restVerses: number;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The reading split for a phone's first screen: whole verses of the first passage until about
 * `words` words (at least one verse, never past the end of its first paragraph), so the devotional
 * can start on the same screen; the rest folds behind one control.
 */
export function previewPassages<P extends { verses: LaidOutVerse[] }>(passages: P[], words = 45): PreviewedPassage<P> {
  const [first, ...others] = passages;
  if (!first) return { opening: [], rest: [], restVerses: 0 };
  const opening: LaidOutVerse[] = [];
  let count = 0;
  for (const verse of first.verses) {
    if (opening.length > 0 && (count >= words || verse.start)) break;
    opening.push(verse);
    count += wordCount(verse.text);
  }
  const rest = [
    { passage: first, verses: first.verses.slice(opening.length), continued: true },
    ...others.map((passage) => ({ passage, verses: passage.verses, continued: false })),
  ].filter((part) => part.verses.length > 0);
  return { opening, rest, restVerses: rest.reduce((sum, part) => sum + part.verses.length, 0) };
}
