import { placedNotes, type PlacedNote } from "~/modules/bible/commentary.server";
import type { VerseRange } from "~/modules/bible/references.server";
import type { CommentaryContext } from "./prompts/commentary";

/** Enough commentary to explain a passage without drowning it. */
const MAX_NOTES = 8;
const MAX_SENTENCES = 3;
const MAX_CHARACTERS = 700;

/** A note's opening sentences, whole, within the length a prompt line can bear. */
function excerptOf(note: PlacedNote): string {
  const kept: string[] = [];
  let length = 0;
  for (const sentence of note.sentences.slice(0, MAX_SENTENCES)) {
    if (kept.length > 0 && length + sentence.length > MAX_CHARACTERS) break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept.join(" ");
}

/**
 * The commentary a model is given on the verses: placed notes spread through the passage in verse
 * order (one per verse span at most), Henry's exposition first, then the Concise Commentary and
 * Spurgeon's Treasury where they speak; quotations keep the writer Spurgeon quotes.
 */
export function commentaryContextFor(ranges: VerseRange[], limit = MAX_NOTES): CommentaryContext {
  const notes = placedNotes(ranges).filter((note) => note.kind !== "hint" && note.sentences.length > 0);
  const chosen: PlacedNote[] = [];
  const spans = new Set<string>();
  // Narrowest first (placedNotes' order); one note per span and source, then spread by position.
  for (const note of notes) {
    const key = `${note.source}:${note.range.start}-${note.range.end}`;
    if (spans.has(key)) continue;
    spans.add(key);
    chosen.push(note);
  }
  const bySource = (source: PlacedNote["source"]) => chosen.filter((note) => note.source === source);
  const spread = (list: PlacedNote[], count: number) => {
    if (list.length <= count) return list;
    const sorted = [...list].sort((a, b) => a.range.start - b.range.start);
    return Array.from({ length: count }, (_, index) => sorted[Math.floor((index * sorted.length) / count)]!);
  };
  const picked = [
    ...spread(bySource("mhc"), Math.ceil(limit / 2)),
    ...spread(bySource("tdavid"), Math.floor(limit / 4)),
    ...spread(bySource("mhcc"), Math.floor(limit / 4)),
  ]
    .slice(0, limit)
    .sort((a, b) => a.range.start - b.range.start);
  return {
    sections: [...new Set(picked.map((note) => note.label))],
    excerpts: picked.map((note) => ({
      reference: note.label,
      text: excerptOf(note),
      credit: note.kind === "quotation" ? `${note.author}, quoted in Spurgeon's Treasury of David` : note.attribution,
    })),
  };
}
