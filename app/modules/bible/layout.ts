/**
 * How a passage is set on the page: prose in paragraphs, poetry as one line a verse in stanzas.
 * Pure, so the page and its tests group verses the same way.
 */

/** Where a verse starts something new in the printed layout of its chapter. */
export type VerseStart = "paragraph" | "stanza";

export interface LaidOutVerse {
  chapter: number;
  verse: number;
  text: string;
  start?: VerseStart;
  poetry?: boolean;
}

export interface ScriptureBlock<V extends LaidOutVerse = LaidOutVerse> {
  kind: "prose" | "poetry";
  chapter: number;
  verses: V[];
}

/**
 * Verses in blocks: a new block at each paragraph or stanza start, at a change between prose and
 * poetry, and at a new chapter. Without any layout the passage is one paragraph per chapter.
 */
export function scriptureBlocks<V extends LaidOutVerse>(verses: V[]): ScriptureBlock<V>[] {
  const blocks: ScriptureBlock<V>[] = [];
  for (const verse of verses) {
    const kind = verse.poetry ? "poetry" : "prose";
    const last = blocks.at(-1);
    if (last && last.chapter === verse.chapter && last.kind === kind && !verse.start) last.verses.push(verse);
    else blocks.push({ kind, chapter: verse.chapter, verses: [verse] });
  }
  return blocks;
}
