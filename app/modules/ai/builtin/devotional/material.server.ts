import { getBibleDb } from "~/modules/bible/bible-db.server";
import { bookContexts, type BookContext } from "../book-context";
import { bookById, bookByOrder, chapterVerseCount, splitVerseId, verseId, type VerseId } from "~/modules/bible/books";
import {
  chapterIntroductions,
  placedNotes,
  type CommentarySourceId,
  type PlacedNote,
} from "~/modules/bible/commentary.server";
import { commentaryForRanges } from "~/modules/bible/commentary.server";
import { leansOnWhatWentBefore } from "~/modules/bible/commentary-text";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { isName, wordStats } from "~/modules/bible/lexicon.server";
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
import { listItem, standsAlone, verseForQuote, words } from "./text";

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
  /** The line inside a sentence of the writer's: "(many believe in Christ)", "(his divine and human nature)". */
  phrase: string;
  /** Henry's Concise outline line, or a point of his full commentary's introduction. */
  source: "mhcc" | "mhc";
  /** A part of the chapter just before or after the reading, shown so the reader knows where it stands. */
  context?: "before" | "after";
}

/** A sentence that says plainly what the passage holds, quoted from Henry's Concise notes on it. */
export interface Summary {
  text: string;
  attribution: string;
}

export interface DevotionalMaterial {
  /** "Ruth 1" or "Genesis 1-3; Psalm 1" */
  reference: string;
  /** How long the reading is: its verses, and its words in the translation shown. */
  size: { verses: number; words: number };
  translation: { code: string; name: string };
  genre: Genre;
  /** The theme, from the passage's own outline: "Ruth Goes with Naomi"; null when it has none. */
  title: string | null;
  outline: OutlinePart[];
  /** Henry's Concise opening sentences that say what happens in these verses ("The people of God are reproved..."). */
  summaries: Summary[];
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
  books: Array<{ name: string; context: BookContext; opens: boolean }>;
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
/** Whole sentences quoted from one note: a note explains, it does not stand in for the devotional. */
const NOTE_SENTENCES: Record<DevotionalLevel, number> = { beginner: 2, intermediate: 3, deep: 4 };

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
    const lines = (concise?.outline ?? []).filter(
      (line) => wordCount(line.text) >= 2 && line.text !== "Chapter Outline",
    );
    const source = lines.length > 0 ? "mhcc" : "mhc";
    const all = lines.length > 0 ? lines : henryPoints(bookId, chapter);
    const inside = all.map((line) => (line.range ? ranges.some((range) => overlaps(range, line.range!)) : whole));
    const first = inside.indexOf(true);
    const last = inside.lastIndexOf(true);
    all.forEach((line, index) => {
      // Part of one chapter: the parts on either side say where the reading stands in it.
      const context =
        single && !whole && first >= 0 && line.range
          ? index === first - 1
            ? "before"
            : index === last + 1
              ? "after"
              : undefined
          : undefined;
      if (!inside[index] && !context) return;
      const from = line.range ? splitVerseId(line.range.start).verse : undefined;
      const to = line.range ? splitVerseId(line.range.end).verse : undefined;
      const label = !line.range
        ? formatRanges([chapterRange(bookId, chapter)])
        : single
          ? from === to
            ? `Verse ${from}`
            : `Verses ${from}-${to}`
          : formatRanges([line.range]);
      const text = plainCapitals(line.text.trim().replace(/[.;:,]+$/, ""));
      parts.push({
        label,
        text: text.charAt(0).toUpperCase() + text.slice(1),
        // Inside a sentence of the writer's, the line's first clause: "(two letters to the captives in Babylon)".
        phrase: text.split(/[;:]\s/)[0]!,
        range: line.range,
        source,
        ...(context ? { context } : {}),
      });
    });
  }
  return parts;
}

/**
 * Henry capitalises his outline's words ("Many believe in Christ", "The sinfulness of a wicked
 * man, The ground of both", "his Divine and human nature"): in the writer's sentence a word keeps
 * its capital only where the Bible writes it so, as a name.
 */
function plainCapitals(text: string): string {
  const capitals = [...new Set(text.match(/\b[A-Z][a-z]+\b/g) ?? [])];
  const stats = wordStats(
    capitals.map((word) => word.toLowerCase()),
    "KJV",
  );
  return text.replace(/\b[A-Z][a-z]+\b/g, (word, offset: number) => {
    // A sentence of his own inside the line keeps its capital: "...withdrawn. He earnestly prays".
    if (offset > 0 && /[.!?]\s*$/.test(text.slice(0, offset))) return word;
    const stat = stats.get(word.toLowerCase());
    // A word the KJV never uses ("Gives") is no name of it either.
    return (!stat || stat.count === 0 || !isName(stat)) && !KEPT_CAPITALS.has(word) ? word.toLowerCase() : word;
  });
}

/** Titles the writer keeps capitalised though the KJV also writes them in lower case. */
const KEPT_CAPITALS = new Set([
  "God",
  "Lord",
  "Christ",
  "Spirit",
  "Holy",
  "Father",
  "Son",
  "Saviour",
  "Messiah",
  "Redeemer",
]);

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

/** An outline line that leans on the one before: "He is taught by...", "By Abraham and his descendants", "Gives directions to some". */
const LEANING_TITLE =
  /^(?:he|she|they|it|its|his|her|their|and|to|or|but|by|in|with|from|of|for|also|gives|expresses|exhorts|shows|declares|warns|describes|reproves|is|are)\b/i;

/**
 * A title from the outline line covering most of the reading: "Orpah Stays Behind, but Ruth Goes
 * with Naomi". Over several chapters, a line that covers under half of the reading (Psalm 2:1-6 of
 * Psalms 1-5) would name a part as the whole: no title then.
 */
function titleFrom(outline: OutlinePart[], reading: { verses: number; chapters: number }): string | null {
  const size = (part: OutlinePart) => (part.range ? part.range.end - part.range.start : 1000);
  // "He is taught by the withering of a gourd" leans on the line before: no title.
  // "By Abraham and his descendants", "Gives directions to some" lean on the line before too.
  const leaning = (part: OutlinePart) => LEANING_TITLE.test(part.text);
  const main = outline
    .filter((part) => !part.context)
    .sort((a, b) => Number(leaning(a)) - Number(leaning(b)) || size(b) - size(a))[0];
  if (main && leaning(main)) return null;
  if (!main) return null;
  if (reading.chapters > 1 && (!main.range || (size(main) + 1) * 2 < reading.verses)) return null;
  let text = main.text.replace(/[.;:,]+$/, "");
  // A long line is cut at its first clause: a title, not a paragraph.
  if (wordCount(text) > 9) text = text.split(/[,;:(]/)[0]!.trim();
  // "David's struggle with, and triumph over, a strong temptation" cut there is no title.
  if (/\b(?:with|of|and|to|the|a|an|in|for|over|by|from|on|upon)$/i.test(text)) return null;
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
  return (
    opens === closes &&
    !/^(?:[1-3] )?[A-Z][a-z]{0,4}\.\s/.test(sentence) &&
    // A one-word piece is the verse's word Spurgeon comments on ("Thirsteth."), not a sentence.
    !/(?:^|[.!?]\s)[A-Z][a-z]*[.!?](?:\s|$)/.test(sentence)
  );
}

/**
 * A note's first sentence must be one a reader can start on: not a short item of Henry's list
 * closed by its verse ("Whatever condition we are in, ... to continue calling upon God, Ps. 130:1.").
 */
function opens(sentence: string) {
  if (listItem(sentence)) return false;
  // A clause that hangs on what went before ("For...", "As if...", "Because...", "This person is...").
  if (
    /^(?:For|Therefore|Wherefore|Yet|Nor|Herein|Hereby|Thereby|Therein|Whereupon|As if|Because|This|These|Those|Such)\b/.test(
      sentence,
    )
  )
    return false;
  // A heading before a colon ("Of spiritual life: He that lives...", "The power of Christ, his sovereign power: I am...").
  const heading = /^([^:]{1,60}): /.exec(sentence)?.[1];
  return (
    !heading ||
    /\b(?:is|are|was|were|be|been|has|have|had|will|shall|may|can|must|do|does|did|[a-z]{3,}(?:ed|eth)|[a-z]{4,}s)\b/.test(
      heading,
    )
  );
}
/**
 * Up to `count` notes on different verses, in the passage's order: those with something to say
 * (a few sentences) on the verse quoted first or on the larger parts of the reading, before
 * one-line remarks and notes thick with references.
 */
function chooseNotes(notes: PlacedNote[], count: number, key: VerseRange | null, sentences: number): PlacedNote[] {
  const worth = (note: PlacedNote) => {
    const words = note.sentences.reduce((sum, sentence) => sum + wordCount(sentence), 0);
    const references = note.sentences.join(" ").match(/\(/g)?.length ?? 0;
    return (
      Math.min(words, 80) / 40 -
      Math.max(0, words - 100) / 40 +
      (key && overlaps(note.range, key) ? 2 : 0) -
      references * 0.5 -
      (note.kind === "hint" ? 1 : 0)
    );
  };
  const ranked = notes
    .map((note) => ({ ...note, sentences: note.sentences.slice(0, sentences) }))
    .filter(
      (note) =>
        note.sentences.length > 0 &&
        note.sentences.every(reads) &&
        opens(note.sentences[0]!) &&
        standsAlone(note.sentences),
    )
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

/**
 * Henry's Concise opening sentence on a part of the reading, where it says what happens there
 * (someone in the passage, or the passage itself, is its subject: "The people of God are reproved
 * for their unbelief", "Christ was asleep in the storm") rather than draw a lesson ("To expect
 * unchanging happiness in a changing world, must end in disappointment").
 */
export function summarySentence(sentence: string, names: Set<string>): boolean {
  const count = wordCount(sentence);
  if (count < 8 || count > 40 || /[?]/.test(sentence) || !/\.$/.test(sentence)) return false;
  if (
    /^(?:To|If|When|Whatever|Whoever|Whosoever|Where|Such|Let|We|Our|Us|It|There|All|None|No|Every|Many|Some|A|An|How|What|Those|They|This|That|These|He|She|His|Her|Their|So|But|And|Then|For|Yet)\b/.test(
      sentence,
    )
  )
    return false;
  if (SUBJECTS.test(sentence)) return true;
  const capitals = sentence.match(/\b[A-Z][a-z]+\b/g) ?? [];
  return capitals.some((word) => names.has(word));
}

const SUBJECTS =
  /^(?:The (?:psalmist|prophet|apostle|evangelist|disciples|people|Jews|church|Israelites|priests|king|women|multitude|Pharisees|writer|Lord Jesus)|This (?:psalm|chapter|prayer|parable|vision|prophecy|epistle|letter|song)|In (?:these|this) (?:verses|chapter|psalm)|We have here|Here we have|Christ|Jesus|Our Lord|Our Saviour|Here)\b/;

/** Names in the passage itself (capitalised words past a verse's first), not God's titles. */
function namesIn(verses: Array<{ text: string }>): Set<string> {
  const candidates = new Set<string>();
  for (const verse of verses) {
    const tokens = verse.text.split(/\s+/);
    tokens.forEach((word, index) => {
      // A capital after a sentence's end ("...whom shall I fear? The LORD") is no name.
      if (index === 0 || /[.!?:;—“"]$/.test(tokens[index - 1]!)) return;
      const bare = word.replace(/^[“‘"'(]+|[”’"'),.;:!?—]+$/g, "").replace(/[’']s$/, "");
      if (/^[A-Z][a-z]+$/.test(bare) && !/^(?:God|Lord)$/.test(bare)) candidates.add(bare);
    });
  }
  const stats = wordStats(
    [...candidates].map((word) => word.toLowerCase()),
    "KJV",
  );
  return new Set(
    [...candidates].filter((word) => {
      const stat = stats.get(word.toLowerCase());
      return stat !== undefined && stat.count > 0 && isName(stat);
    }),
  );
}

/** The summaries, and the notes without the sentences the summaries quote (what leaned on them goes too). */
function summariesOf(ranges: VerseRange[], verses: Array<{ text: string }>, level: DevotionalLevel): Summary[] {
  const names = namesIn(verses);
  const seen = new Set<string>();
  return (
    placedNotes(ranges, { sources: ["mhcc"], limit: 40 })
      .filter((note) => note.kind === "exposition" && note.sentences[0] && summarySentence(note.sentences[0], names))
      .sort((a, b) => a.range.start - b.range.start)
      // One summary for a part of the passage: a note cut at a heading is still one note.
      .filter((note) => !seen.has(note.label) && seen.add(note.label))
      .slice(0, level === "beginner" ? 1 : 2)
      .map((note) => ({ text: note.sentences[0]!, attribution: `${note.attribution} on ${note.label}` }))
  );
}

/**
 * Spurgeon opens an exposition with the verse's own words ("O my God, my soul is cast down within
 * me."), then comments: the devotional quotes the verse from its translation, so the note starts
 * at his comment.
 */
function withoutLemma(note: PlacedNote, kjv: (range: VerseRange) => string): PlacedNote {
  if (note.source !== "tdavid") return note;
  const verse = kjv(note.range);
  // The verse's words may run into his first sentence ("...within me. Here the song begins again").
  const sentences = note.sentences.flatMap((sentence) => {
    const pieces = sentence.split(/(?<=[.:;!?])\s+(?=[A-Z“"])/);
    let lemma = 0;
    while (lemma < pieces.length && verse.includes(letters(pieces[lemma]!))) lemma += 1;
    return lemma === 0 ? [sentence] : lemma === pieces.length ? [] : [pieces.slice(lemma).join(" ")];
  });
  let from = 0;
  while (from < sentences.length && leansOnWhatWentBefore(sentences[from]!)) from += 1;
  return { ...note, sentences: sentences.slice(from) };
}

function letters(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
}

/** A note without a sentence a summary already quotes: the rest of it, from the first that stands on its own. */
function withoutQuoted(note: PlacedNote, quoted: Set<string>): PlacedNote {
  // The Concise often repeats the full commentary's words: a sentence saying mostly the same is the same.
  const said = (sentence: string) => quoted.has(sentence) || [...quoted].some((other) => sameWords(sentence, other));
  if (!note.sentences.some(said)) return note;
  const rest = note.sentences.slice(note.sentences.findIndex(said) + 1);
  const from = rest.findIndex((sentence) => !said(sentence) && !leansOnWhatWentBefore(sentence));
  return { ...note, sentences: from < 0 ? [] : rest.slice(from).filter((sentence) => !said(sentence)) };
}

/** Two sentences that share most of their words ("...the history of the truly primitive church..."). */
function sameWords(a: string, b: string) {
  const first = new Set(words(a));
  const second = new Set(words(b));
  const shared = [...first].filter((word) => second.has(word)).length;
  return shared >= 0.7 * Math.min(first.size, second.size);
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

  // The KJV's words of the reading, read once: Spurgeon's expositions quote them (withoutLemma).
  let kjvText: Map<VerseId, string> | undefined;
  const kjv = (range: VerseRange) => {
    kjvText ??= new Map(versesFor(ranges, "KJV").map((verse) => [verse.id, letters(verse.text)]));
    const text: string[] = [];
    for (let id = range.start; id <= range.end; id++) if (kjvText.has(id)) text.push(kjvText.get(id)!);
    return text.join(" ");
  };
  const summaries = summariesOf(ranges, verses, level);
  const summarised = new Set(summaries.map((summary) => summary.text));
  const notesFor = (level: DevotionalLevel) => {
    const sources = LEVEL_SOURCES[level].filter((source) => source !== "tdavid" || genreOf(first) === "poetry");
    const placed = (sources: CommentarySourceId[]) =>
      placedNotes(ranges, { sources, limit: 40 }).map((note) => withoutQuoted(withoutLemma(note, kjv), summarised));
    const chosen = chooseNotes(placed(sources), LEVEL_NOTES[level], key?.range ?? null, NOTE_SENTENCES[level]);
    const words = chosen.reduce((sum, note) => sum + wordCount(note.sentences.join(" ")), 0);
    if (level !== "beginner" || words >= 400) return chosen;
    // Where the Concise says little (a chapter of Proverbs), Henry's full notes fill a large limit.
    const more = chooseNotes(placed(["mhc"]), LEVEL_NOTES.beginner, null, NOTE_SENTENCES.beginner);
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
    .flatMap((book) =>
      bookContexts[book.id]
        ? [
            {
              name: book.name,
              context: bookContexts[book.id]!,
              opens: verses.some((verse) => verse.id === verseId(book.order, 1, 1)),
            },
          ]
        : [],
    );
  const henry = chapterIntroductions(chapters[0]!.bookId, chapters[0]!.chapter).find((intro) => intro.source === "mhc");

  return {
    reference: passages.map((passage) => passage.reference).join("; "),
    size: { verses: verses.length, words: verses.reduce((sum, verse) => sum + wordCount(verse.text), 0) },
    translation: { code, name: translation.shownName },
    genre: genreOf(first),
    title: titleFrom(outline, {
      verses: verses.length,
      chapters: new Set(verses.map((verse) => Math.floor(verse.id / 1000))).size,
    }),
    outline,
    summaries,
    keyVerse: key ? { ...key, memory: Boolean(memory) } : null,
    shortVerse: shortVerse && { ...shortVerse, memory: false },
    notes,
    promises: usableRoles("promise"),
    commands: usableRoles("command"),
    prayer,
    themes:
      genreOf(first) === "list"
        ? [content.themes.fallback]
        : themesOf([
            ...outline.filter((part) => !part.context).map((part) => part.text),
            ...summaries.map((summary) => summary.text),
            ...notes.flatMap((note) => note.sentences),
          ]),
    wordStudies: level === "deep" ? wordStudies(ranges, 5, { keyVerse: key?.range.start }) : [],
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
