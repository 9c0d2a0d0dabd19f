import { getBibleDb } from "~/modules/bible/bible-db.server";
import { bookContexts, type BookContext } from "~/modules/bible/book-context";
import { bookById, bookByOrder, chapterVerseCount, splitVerseId, verseId, type VerseId } from "~/modules/bible/books";
import {
  chapterIntroductions,
  placedNotes,
  type CommentarySourceId,
  type PlacedNote,
} from "~/modules/bible/commentary.server";
import { commentaryForRanges } from "~/modules/bible/commentary.server";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { versesFor, type Passage } from "~/modules/bible/passages.server";
import { formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { wordStudies, type WordStudy } from "~/modules/bible/word-study.server";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { content, type Theme } from "../content";
import { introductionPoints } from "../commentary.server";
import { maskOtherSenses } from "../senses";
import { stem } from "../stem";
import { neverApplied, rolesIn, type VerseRole } from "../verse-roles";
import { genreOf, isPraisePsalm, type Genre } from "./questions";
import { verseForQuote, words } from "./text";

/**
 * What a devotional is built from, all of it read from reliable structure rather than guessed
 * from the verses' words: the passage's outline (Matthew Henry's Concise "Chapter Outline" lines
 * with their verse ranges), commentators' notes placed on the verses they discuss, the reviewed
 * verse roles (promise, command, prayer, memory verse), the kind of writing, and at Deep Study the
 * passage's key original words and the verses most often linked to it.
 */

export interface QuotedVerses {
  reference: string;
  text: string;
  range: VerseRange;
}

export interface OutlinePart {
  /** "Verses 6-14" in a one-chapter reading, else "Ruth 1:6-14". */
  label: string;
  text: string;
  range?: VerseRange;
  /** Henry's Concise outline line, or a point of his full commentary's introduction. */
  source: "mhcc" | "mhc";
}

export interface DevotionalMaterial {
  /** "Ruth 1" or "Genesis 1-3; Psalm 1" */
  reference: string;
  translation: { code: string; name: string };
  genre: Genre;
  /** The theme, from the passage's own outline: "Ruth Goes with Naomi"; null when it has none. */
  title: string | null;
  outline: OutlinePart[];
  /** The verse the devotional quotes first; `memory` when the reviewed data names it one to learn. */
  keyVerse: (QuotedVerses & { memory: boolean }) | null;
  /** A short verse for a very small word limit (none of the reviewed data's roles claimed for it). */
  shortVerse: (QuotedVerses & { memory: false }) | null;
  /** Notes for the level asked, each on the verses it discusses, best first. */
  notes: PlacedNote[];
  promises: VerseRole[];
  commands: VerseRole[];
  /** The passage's own words to pray, where it is a prayer or a psalm of praise. */
  prayer: QuotedVerses | null;
  /** Themes the outline and the notes speak of, for a prayer in plain words. */
  themes: Theme[];
  wordStudies: WordStudy[];
  echoes: QuotedVerses[];
  /** Deep Study's background: each book's context and Henry's opening words on the chapter. */
  books: Array<{ name: string; context: BookContext }>;
  introduction: { reference: string; sentences: string[] } | null;
}

/** Sources each level reads: Beginner the Concise notes, Intermediate Henry's full ones; Spurgeon on psalms. */
const LEVEL_SOURCES: Record<DevotionalLevel, CommentarySourceId[]> = {
  beginner: ["mhcc", "tdavid"],
  intermediate: ["mhc", "tdavid"],
  deep: ["mhc", "tdavid", "mhcc"],
};
/** Notes offered to each level: the first two to four are its own, the rest only fill a large word limit. */
const LEVEL_NOTES: Record<DevotionalLevel, number> = { beginner: 5, intermediate: 6, deep: 7 };
const MAX_QUOTED_WORDS = 45;

function wordCount(text: string) {
  return text.split(/\s+/).filter(Boolean).length;
}

function overlaps(a: VerseRange, b: VerseRange) {
  return a.start <= b.end && b.start <= a.end;
}

function voteTotals(ranges: VerseRange[]): Map<number, number> {
  const statement = getBibleDb().prepare(
    "select from_id as id, sum(votes) as votes from crossrefs where from_id between ? and ? group by from_id",
  );
  const totals = new Map<number, number>();
  for (const range of ranges)
    for (const row of statement.all(range.start, range.end) as Array<{ id: number; votes: number }>)
      totals.set(row.id, (totals.get(row.id) ?? 0) + row.votes);
  return totals;
}

/** No verse the reviewed data sets apart (a death wish, a curse, Satan's words) is held up as one to keep. */
const usable = (range: VerseRange) => {
  for (let id = range.start; id <= range.end; id++) if (neverApplied(id)) return false;
  return true;
};

function quoted(range: VerseRange, code: string): QuotedVerses | null {
  const text = verseForQuote(
    versesFor([range], code as never)
      .map((verse) => verse.text.trim())
      .filter(Boolean)
      .join(" "),
  );
  return text ? { reference: formatRanges([range]), text, range } : null;
}

/** One chapter's outline lines that fall in the reading (a line without verses only for a whole chapter). */
function outlineOf(ranges: VerseRange[], chapters: Array<{ bookId: string; chapter: number; whole: boolean }>) {
  const parts: OutlinePart[] = [];
  const single = chapters.length === 1;
  for (const { bookId, chapter, whole } of chapters) {
    const concise = chapterIntroductions(bookId, chapter).find((intro) => intro.source === "mhcc");
    // A summary-only line ("laws.") is no outline: Henry's own numbered points stand in for it.
    const lines = (concise?.outline ?? []).filter((line) => wordCount(line.text) >= 3);
    const source = lines.length > 0 ? "mhcc" : "mhc";
    for (const line of lines.length > 0 ? lines : henryPoints(bookId, chapter)) {
      if (line.range ? !ranges.some((range) => overlaps(range, line.range!)) : !whole) continue;
      const from = line.range ? splitVerseId(line.range.start).verse : undefined;
      const to = line.range ? splitVerseId(line.range.end).verse : undefined;
      const label = !line.range
        ? formatRanges([chapterRange(bookId, chapter)])
        : single
          ? from === to
            ? `Verse ${from}`
            : `Verses ${from}-${to}`
          : formatRanges([line.range]);
      parts.push({ label, text: line.text.trim(), range: line.range, source });
    }
  }
  return parts;
}

function chapterRange(bookId: string, chapter: number): VerseRange {
  const book = bookById(bookId)!;
  return {
    start: verseId(book.order, chapter, 1),
    end: verseId(book.order, chapter, chapterVerseCount(book, chapter)),
  };
}

/** The numbered points of Henry's full introduction to a chapter, each to the verse before the next. */
function henryPoints(bookId: string, chapter: number): Array<{ text: string; range?: VerseRange }> {
  const whole = chapterRange(bookId, chapter);
  const intro = commentaryForRanges([whole]).find((section) => section.intro);
  if (!intro) return [];
  const points = introductionPoints(intro).filter((point) => point.verse !== undefined);
  return points.map((point, index) => {
    const start = whole.start - 1 + point.verse!;
    const next = points[index + 1];
    const end = next ? Math.max(start, whole.start - 2 + next.verse!) : whole.end;
    return { text: point.text, range: { start, end } };
  });
}

/** A title from the outline line covering most of the reading: "Orpah Stays Behind, but Ruth Goes with Naomi". */
function titleFrom(outline: OutlinePart[]): string | null {
  const size = (part: OutlinePart) => (part.range ? part.range.end - part.range.start : 1000);
  // "He is taught by the withering of a gourd" leans on the line before: no title.
  const leaning = (part: OutlinePart) => /^(?:he|she|they|it|its|his|her|their|and|to|or|but)\b/i.test(part.text);
  const main = [...outline].sort((a, b) => Number(leaning(a)) - Number(leaning(b)) || size(b) - size(a))[0];
  if (!main) return null;
  let text = main.text.replace(/[.;:,]+$/, "");
  // A long line is cut at its first clause: a title, not a paragraph.
  if (wordCount(text) > 9) text = text.split(/[,;:(]/)[0]!.trim();
  return wordCount(text) >= 2 && wordCount(text) <= 12 ? text : null;
}

/** Themes the outline and notes speak of, strongest first (their words, not the verses'). */
function themesOf(texts: string[]): Theme[] {
  const stems = new Map<string, number>();
  // Words in another sense ("lie down", "the rest of") speak for no theme.
  for (const text of texts)
    for (const word of words(maskOtherSenses(text))) stems.set(stem(word), (stems.get(stem(word)) ?? 0) + 1);
  return content.themes.themes
    .map((theme, order) => {
      let score = 0;
      for (const word of theme.words) score += Math.min(3, stems.get(stem(word)) ?? 0);
      for (const word of theme.weak ?? []) score += Math.min(3, stems.get(stem(word)) ?? 0) / 2;
      return { theme, order, score };
    })
    .filter((entry) => entry.score >= 3)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.theme);
}

/** A sentence that reads whole when quoted: its quotation marks pair up, it opens on no abbreviation ("Isa."). */
function reads(sentence: string) {
  const opens = (sentence.match(/“/g) ?? []).length;
  const closes = (sentence.match(/”/g) ?? []).length;
  return opens === closes && !/^(?:[1-3] )?[A-Z][a-z]{0,4}\.\s/.test(sentence);
}

/**
 * Up to `count` notes on different verses, in the passage's order: those with something to say
 * (a few sentences) on the verse quoted first or on the larger parts of the reading, before
 * one-line remarks and notes thick with references.
 */
function chooseNotes(notes: PlacedNote[], count: number, key: VerseRange | null): PlacedNote[] {
  const worth = (note: PlacedNote) => {
    const words = note.sentences.reduce((sum, sentence) => sum + wordCount(sentence), 0);
    const references = note.sentences.join(" ").match(/\(/g)?.length ?? 0;
    return (
      Math.min(words, 120) / 40 +
      (key && overlaps(note.range, key) ? 2 : 0) -
      references * 0.5 -
      (note.kind === "hint" ? 1 : 0)
    );
  };
  const ranked = notes
    .filter((note) => note.sentences.length > 0 && note.sentences.every(reads))
    .map((note, index) => ({ note, index, worth: worth(note) }))
    .sort((a, b) => b.worth - a.worth || a.index - b.index);
  const chosen: PlacedNote[] = [];
  const seen = new Set<string>();
  for (const { note } of ranked) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => overlaps(other.range, note.range))) continue;
    if (note.sentences.some((sentence) => seen.has(sentence))) continue;
    note.sentences.forEach((sentence) => seen.add(sentence));
    chosen.push(note);
  }
  return chosen;
}

/** The material for one level: the notes it reads, and at Deep Study word studies and cross-references. */
export function gatherMaterial(passages: Passage[], level: DevotionalLevel): DevotionalMaterial {
  const translation = passages[0]!.translation;
  const code = translation.shown;
  const ranges = passages.flatMap((passage) => passage.ranges);
  const verses = passages.flatMap((passage) => passage.verses).filter((verse) => verse.text.trim() !== "");
  const first = verses[0]!.id;

  const chapterKeys = [...new Set(verses.map((verse) => Math.floor(verse.id / 1000)))];
  const chapters = chapterKeys.map((key) => {
    const { bookOrder, chapter } = splitVerseId(key * 1000 + 1);
    const book = bookByOrder(bookOrder)!;
    const count = verses.filter((verse) => Math.floor(verse.id / 1000) === key).length;
    return { bookId: book.id, chapter, whole: count >= chapterVerseCount(book, chapter) - 1 };
  });
  const outline = outlineOf(ranges, chapters);

  const usableRoles = (kind: VerseRole["kind"]) => rolesIn(ranges, kind).filter((role) => usable(role.range));
  const votes = voteTotals(ranges);
  // Of the reviewed memory verses, the one most often linked to the rest of Scripture.
  const linked = (range: VerseRange) => {
    let total = 0;
    for (let id = range.start; id <= range.end; id++) total += votes.get(id) ?? 0;
    return total / (range.end - range.start + 1);
  };
  const memory = usableRoles("memory").sort((a, b) => linked(b.range) - linked(a.range))[0];
  const ranked = verses
    .filter((verse) => !neverApplied(verse.id) && wordCount(verse.text) <= 60)
    .map((verse) => {
      const length = wordCount(verse.text);
      let score = Math.log2(1 + (votes.get(verse.id) ?? 0));
      if (length > 40) score -= (length - 40) / 10;
      if (length < 8) score -= 3;
      return { id: verse.id, score };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
  const prayerRole = usableRoles("prayer").find((role) => wordCount(quoted(role.range, code)?.text ?? "") <= 60);
  const prayer = prayerRole ? quoted(prayerRole.range, code) : isPraisePsalm(first) ? praiseLines(verses, code) : null;

  // The verse quoted first is not one the prayer will quote again.
  const free = ranked.filter((verse) => !prayer || !overlaps(prayer.range, { start: verse.id, end: verse.id }));
  const keyRange = memory?.range ?? (free[0] ? { start: free[0].id, end: free[0].id } : null);
  const key = keyRange && quoted(keyRange, code);
  const short = free.find((verse) => wordCount(verses.find((own) => own.id === verse.id)!.text) <= 22);
  const shortVerse = short ? quoted({ start: short.id, end: short.id }, code) : null;

  const notesFor = (level: DevotionalLevel) => {
    const sources = LEVEL_SOURCES[level].filter((source) => source !== "tdavid" || genreOf(first) === "poetry");
    const chosen = chooseNotes(placedNotes(ranges, { sources, limit: 40 }), LEVEL_NOTES[level], key?.range ?? null);
    const words = chosen.reduce((sum, note) => sum + wordCount(note.sentences.join(" ")), 0);
    if (level !== "beginner" || words >= 400) return chosen;
    // Where the Concise says little (a chapter of Proverbs), Henry's full notes fill a large limit.
    const more = chooseNotes(placedNotes(ranges, { sources: ["mhc"], limit: 40 }), LEVEL_NOTES.beginner, null);
    return [...chosen, ...more];
  };
  const notes = notesFor(level);

  const echoes: QuotedVerses[] = [];
  if (key && level === "deep") {
    for (const reference of crossReferencesFor([key.range], 10)) {
      const echo = quoted(reference.range, code);
      if (echo && wordCount(echo.text) <= MAX_QUOTED_WORDS && usable(reference.range)) echoes.push(echo);
      if (echoes.length >= 5) break;
    }
  }

  const books = [...new Set(verses.map((verse) => splitVerseId(verse.id).bookOrder))]
    .map((order) => bookByOrder(order)!)
    .flatMap((book) => (bookContexts[book.id] ? [{ name: book.name, context: bookContexts[book.id]! }] : []));
  const henry = chapterIntroductions(chapters[0]!.bookId, chapters[0]!.chapter).find((intro) => intro.source === "mhc");

  return {
    reference: passages.map((passage) => passage.reference).join("; "),
    translation: { code, name: translation.shownName },
    genre: genreOf(first),
    title: titleFrom(outline),
    outline,
    keyVerse: key ? { ...key, memory: Boolean(memory) } : null,
    shortVerse: shortVerse && { ...shortVerse, memory: false },
    notes,
    promises: usableRoles("promise"),
    commands: usableRoles("command"),
    prayer,
    themes:
      genreOf(first) === "list"
        ? [content.themes.fallback]
        : themesOf([...outline.map((part) => part.text), ...notes.flatMap((note) => note.sentences)]),
    wordStudies: level === "deep" ? wordStudies(ranges, 5) : [],
    echoes,
    books,
    introduction: henry
      ? {
          reference: formatRanges([chapterRange(chapters[0]!.bookId, chapters[0]!.chapter)]),
          sentences: henry.sentences,
        }
      : null,
  };
}

/** The opening lines of a psalm of praise, up to a prayer's length. */
function praiseLines(verses: Array<{ id: VerseId; text: string }>, code: string): QuotedVerses | null {
  let end: VerseId | undefined;
  let total = 0;
  for (const verse of verses) {
    if (neverApplied(verse.id)) break;
    total += wordCount(verse.text);
    if (end !== undefined && total > 40) break;
    end = verse.id;
  }
  return end === undefined ? null : quoted({ start: verses[0]!.id, end }, code);
}
