import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { placedNotes, type CommentarySourceId, type PlacedNote } from "~/modules/bible/commentary.server";
import type { VerseRange } from "~/modules/bible/references.server";
import { escapeMarkdown } from "./text";
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

/**
 * The best note on exactly these verses: the narrowest placed note of the first source that has
 * one, and of it the first `count` sentences not yet quoted in the lesson (recorded in `used`).
 */
export function noteOn(
  ranges: VerseRange[],
  voice: Voice,
  used: Set<string>,
  {
    count = noteLength(voice),
    sources = sourcesFor(voice, ranges),
    kinds = ["exposition"] as PlacedNote["kind"][],
  } = {},
): LessonNote | null {
  for (const source of sources) {
    const notes = placedNotes(ranges, { sources: [source], limit: 6 }).filter((note) => kinds.includes(note.kind));
    for (const note of notes) {
      // Consecutive sentences read as the writer wrote them; a gap would join two thoughts.
      const fresh: string[] = [];
      for (const sentence of note.sentences) {
        if (used.has(sentence)) {
          if (fresh.length > 0) break;
          continue;
        }
        fresh.push(sentence);
        if (fresh.length >= count) break;
      }
      if (fresh.length === 0) continue;
      for (const sentence of fresh) used.add(sentence);
      return { note, sentences: fresh };
    }
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
