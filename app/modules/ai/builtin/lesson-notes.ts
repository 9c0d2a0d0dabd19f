import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { placedNotes, type CommentarySourceId, type PlacedNote } from "~/modules/bible/commentary.server";
import type { VerseRange } from "~/modules/bible/references.server";
import { stem } from "./stem";
import { escapeMarkdown, STOP_WORDS } from "./text";
import type { Voice } from "./voice";

/**
 * The commentators' notes a lesson quotes: the note placed on the verses in view (never one on
 * other verses), from the source that suits the depth, a few of its sentences in their own order,
 * none quoted twice in one lesson. The lesson's substance is theirs; the writer only places it.
 */

export interface LessonNote {
  note: PlacedNote;
  /** Whole sentences of the note, consecutive in the source. */
  sentences: string[];
}

function isPsalm(ranges: VerseRange[]) {
  return ranges.some((range) => bookByOrder(splitVerseId(range.start).bookOrder)?.id === "PSA");
}

/**
 * The sources for a depth: a Beginner lesson reads Henry's Concise Commentary, short and plain;
 * the others his full commentary; on a psalm Spurgeon's Treasury of David comes after Henry.
 */
export function sourcesFor(voice: Voice, ranges: VerseRange[]): CommentarySourceId[] {
  const henry: CommentarySourceId[] = voice.plain ? ["mhcc", "mhc"] : ["mhc", "mhcc"];
  return isPsalm(ranges) ? [henry[0]!, "tdavid", henry[1]!] : henry;
}

/** How many sentences of a note a depth quotes. */
export function noteLength(voice: Voice) {
  return voice.plain ? 2 : voice.deep ? 4 : 3;
}

/** A sentence that reads well quoted alone: begins as a sentence, pairs its quotation marks, not too long. */
function quotable(sentence: string) {
  const words = sentence.split(/\s+/).length;
  if (words < 5 || words > 70 || !/^[A-Z‘“]/.test(sentence) || !/[.!?][”’)]?$/.test(sentence)) return false;
  const opens = (sentence.match(/[“]/g) ?? []).length;
  return opens === (sentence.match(/[”]/g) ?? []).length && !/"/.test(sentence);
}

function stems(text: string) {
  return new Set(
    (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length > 3 && !STOP_WORDS.has(word)).map(stem),
  );
}

/**
 * The best note on these verses: of the notes placed on them, the one that covers most of them
 * and, when the lesson says what it looks for (a topic and why the passage was chosen), speaks of
 * it; of that note the first `count` quotable sentences not yet quoted in the lesson, consecutive
 * (recorded in `used`). Sources are tried in order: the second only when the first has nothing.
 */
export function noteOn(
  ranges: VerseRange[],
  voice: Voice,
  used: Set<string>,
  {
    count = noteLength(voice),
    sources = sourcesFor(voice, ranges),
    kinds = ["exposition"] as PlacedNote["kind"][],
    about = "",
  } = {},
): LessonNote | null {
  const wanted = stems(about);
  const covered = (note: PlacedNote) =>
    ranges.reduce(
      (sum, range) =>
        sum + Math.max(0, Math.min(range.end, note.range.end) - Math.max(range.start, note.range.start) + 1),
      0,
    );
  for (const source of sources) {
    const choices: Array<LessonNote & { score: number }> = [];
    for (const note of placedNotes(ranges, { sources: [source] }).filter((entry) => kinds.includes(entry.kind))) {
      // Consecutive sentences read as the writer wrote them; a gap would join two thoughts.
      const fresh: string[] = [];
      for (const sentence of note.sentences) {
        if (used.has(sentence) || !quotable(sentence)) {
          if (fresh.length > 0) break;
          continue;
        }
        fresh.push(sentence);
        if (fresh.length >= count) break;
      }
      if (fresh.length === 0) continue;
      const noteStems = stems(fresh.join(" "));
      let hits = 0;
      for (const word of wanted) if (noteStems.has(word)) hits++;
      choices.push({ note, sentences: fresh, score: hits * 2 + Math.log2(1 + covered(note)) });
    }
    const best = choices.sort((a, b) => b.score - a.score)[0];
    if (!best) continue;
    for (const sentence of best.sentences) used.add(sentence);
    return { note: best.note, sentences: best.sentences };
  }
  return null;
}

/** Who is quoted, and on which verses: "Matthew Henry, Concise Commentary on Ruth 1:1-5". */
export function attributionOf(note: PlacedNote): string {
  return `${note.attribution} on ${note.label}`;
}

/**
 * A note as a block quotation with its attribution on the last line: quoted words are always
 * inside a quotation block, so a reader (and the writing evaluation) can tell them from the
 * writer's own.
 */
export function quoteNote({ note, sentences }: LessonNote): string {
  return `> ${escapeMarkdown(sentences.join(" "))}\n>\n> — ${attributionOf(note)}`;
}
