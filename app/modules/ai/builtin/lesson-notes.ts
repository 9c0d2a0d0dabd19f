import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { placedNotes, type CommentarySourceId, type PlacedNote } from "~/modules/bible/commentary.server";
import { versesFor } from "~/modules/bible/passages.server";
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

/**
 * A sentence that announces a list the quotation does not go on to give: "We have four things in
 * this chapter.", "Three things the master of the house urges, in answer to this ill-natured
 * surmise.", "Here observe two things:".
 */
export function announcesList(sentence: string) {
  return (
    sentence.split(/\s+/).length <= 16 &&
    /\b(?:two|three|four|five|six|seven|eight|nine|ten|several|many|divers|some) (?:things|particulars|ways|reasons|parts|instances|sorts|heads|steps|respects|considerations|instructions|observations|lessons)\b/i.test(
      sentence,
    )
  );
}

/** A sentence that reads well quoted alone: begins as a sentence, pairs its quotation marks, not too long. */
function quotable(sentence: string) {
  if (announcesList(sentence)) return false;
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

/** Names every reader knows, and the capitals of Henry's asides, that never make a note foreign. */
const FAMILIAR = new Set(
  `god lord christ jesus spirit holy ghost father son saviour savior redeemer israel jerusalem gospel
  scripture scriptures church heaven o i note see thus hence`.split(/\s+/),
);

/**
 * Names in a sentence that the passage itself never uses: a note that opens on Cushi and Ahimaaz
 * in Matthew 20, or on the Maccabees in Nehemiah 1, is about another story. Citations ("Rom.
 * 2:7", "Matt. 20:3") and a sentence's first word are not names.
 */
function foreignNames(sentence: string, passageWords: Set<string>) {
  const text = sentence.replace(/\b(?:[1-3] )?[A-Z][a-z]+\.? \d+(?::\d+)?(?:[-–]\d+)?/g, "").replace(/\([^)]*\)/g, "");
  const names = text.match(/(?<=[a-z,;:] )[A-Z][a-z]+/g) ?? [];
  return names.filter((name) => !FAMILIAR.has(name.toLowerCase()) && !passageWords.has(name.toLowerCase())).length;
}

/**
 * The best note on these verses: of the notes placed on them, the one that covers most of them,
 * speaks of what the verses say (their words, in the KJV Henry read) and, when the lesson says
 * what it looks for (a topic and why the passage was chosen), of that too; never one that opens on
 * another story's people or is one question alone. Of that note the first `count` quotable
 * sentences not yet quoted in the lesson, consecutive (recorded in `used`). Sources are tried in
 * order: the second only when the first has nothing.
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
  const passageText = versesFor(ranges, "KJV")
    .map((verse) => verse.text)
    .join(" ");
  const passageWords = new Set(passageText.toLowerCase().match(/[a-z]+/g) ?? []);
  const passageStems = stems(passageText);
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
      // A rhetorical question needs the argument around it.
      if (fresh.length === 1 && fresh[0]!.endsWith("?")) continue;
      const noteStems = stems(fresh.join(" "));
      let hits = 0;
      for (const word of wanted) if (noteStems.has(word)) hits++;
      let onText = 0;
      for (const word of noteStems) if (passageStems.has(word)) onText++;
      const foreign = foreignNames(fresh[0]!, passageWords) * 3 + foreignNames(fresh.slice(1).join(" "), passageWords);
      choices.push({
        note,
        sentences: fresh,
        score: hits * 2 + Math.log2(1 + covered(note)) + Math.min(onText, 6) / 2 - foreign,
      });
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
