import zlib from "node:zlib";
import { NotFoundError, ValidationError } from "~/utils/errors";
import { commentarySources } from "./bible-db-build.server";
import { getBibleDb } from "./bible-db.server";
import { bookById, bookByOrder, splitVerseId, verseId, type VerseId } from "./books";
import { outlineLines, placeSection, quotableRuns, splitSentences } from "./commentary-text";
import { formatRanges, parseReference, type VerseRange } from "./references.server";
import { searchTerms } from "./search.server";
import { LRUCache } from "lru-cache";

/** The credit every quotation and panel carries, per source. */
export const COMMENTARY_CREDITS = {
  mhc: "Matthew Henry, Commentary on the Whole Bible (1706-1721), public domain",
  mhcc: "Matthew Henry, Concise Commentary on the Whole Bible, public domain (CrossWire SWORD module MHCC)",
  tdavid: "C. H. Spurgeon, The Treasury of David (1869-1885), public domain (CrossWire SWORD module TDavid)",
} as const;

/** What a reader chooses between: "Henry", "Henry Concise", "Spurgeon". */
export const COMMENTARY_NAMES = { mhc: "Henry", mhcc: "Henry Concise", tdavid: "Spurgeon" } as const;

export const COMMENTARY_SOURCE = COMMENTARY_CREDITS.mhc;
export const COMMENTARY_AUTHOR = "Matthew Henry";

/** A reference as long as a book would otherwise answer with megabytes: the first sections suffice. */
export const MAX_COMMENTARY_SECTIONS = 24;

export interface CommentarySection {
  /** The verses it expounds: "John 3:1-21"; a chapter's introduction is named by its chapter: "John 3". */
  reference: string;
  text: string;
  range: VerseRange;
  /** True for a chapter's introduction (the summary of the chapter before its sections). */
  intro: boolean;
}

interface Row {
  id: number;
  position: number;
  start: number;
  end: number;
  reference: string;
  /** Deflated (see bible-db.server.ts). */
  text: Buffer;
}

function toSection(row: Row): CommentarySection {
  return {
    reference: row.reference,
    text: zlib.inflateRawSync(row.text).toString("utf8"),
    range: { start: row.start, end: row.end },
    intro: row.position === 0,
  };
}

/**
 * Every introduction and section of one commentary (Henry's full one unless named) that covers
 * some verse of the ranges, in Bible order (each chapter's introduction before its sections),
 * without repeats.
 */
export function commentaryForRanges(ranges: VerseRange[], source: CommentarySourceId = "mhc"): CommentarySection[] {
  const statement = getBibleDb().prepare(
    `select id, position, start, end, reference, text from commentary
      where source = ? and book = ? and chapter between ? and ? and start <= ? and end >= ?
      order by chapter, position`,
  );
  const seen = new Set<number>();
  const found: Row[] = [];
  for (const range of ranges) {
    const from = splitVerseId(range.start);
    const to = splitVerseId(range.end);
    for (let book = from.bookOrder; book <= to.bookOrder; book++) {
      const firstChapter = book === from.bookOrder ? from.chapter : 1;
      const lastChapter = book === to.bookOrder ? to.chapter : (bookByOrder(book)?.chapters ?? 0);
      for (const row of statement.all(source, book, firstChapter, lastChapter, range.end, range.start) as Row[]) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        found.push(row);
        if (found.filter((entry) => entry.position > 0).length >= MAX_COMMENTARY_SECTIONS) return found.map(toSection);
      }
    }
  }
  return found.map(toSection);
}

export interface Commentary {
  /** The reference asked for, written canonically: "John 3:16". */
  reference: string;
  /** The credit line. */
  source: string;
  /** Which commentary: "mhc" (Henry's full commentary, the default), "mhcc" or "tdavid". */
  sourceId: CommentarySourceId;
  /** The introductions of the chapters concerned. */
  introductions: Array<{ reference: string; text: string }>;
  /** The sections that expound the reference's verses. */
  sections: Array<{ reference: string; text: string }>;
}

/**
 * A commentary on a reference typed by a user ("John 3:16", "Ps 23"): the sections that cover
 * it. A reference that does not parse is a ValidationError; one nothing covers, a NotFoundError.
 */
export function commentaryFor(reference: string, source: CommentarySourceId = "mhc"): Commentary {
  const parsed = parseReference(reference);
  if (!parsed.ok) throw new ValidationError(parsed.message);
  const found = commentaryForRanges(parsed.ranges, source);
  const sections = found.filter((section) => !section.intro);
  if (sections.length === 0) {
    throw new NotFoundError(`${COMMENTARY_NAMES[source]} has no commentary on ${parsed.label}`);
  }
  const plain = ({ reference, text }: CommentarySection) => ({ reference, text });
  return {
    reference: parsed.label,
    source: COMMENTARY_CREDITS[source],
    sourceId: source,
    introductions: found.filter((section) => section.intro).map(plain),
    sections: sections.map(plain),
  };
}

/** Henry's paragraphs: the text separates them by a blank line. */
export function commentaryParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Spurgeon's italics ("*The Lord is my shepherd.*") are marks in the text, not words to show. */
const plainText = (text: string) => text.replace(/\*/g, "");

export interface CommentaryPanelSource {
  id: CommentarySourceId;
  /** "Henry", "Henry Concise", "Spurgeon". */
  name: string;
  author: string;
  credit: string;
  intro: { reference: string; text: string } | null;
  /** The section on the key verse, and what it says of that verse (the excerpt). */
  section: { reference: string; text: string; excerpt: string } | null;
  /** The writers Spurgeon quotes on the key verse, by name. */
  quotations: Array<{ author: string; attribution: string; reference: string; text: string }>;
}

export interface CommentaryPanelData {
  /** The verses the panel is on (the key verse's section in the first source). */
  reference: string;
  /** Each commentary that has text here, Henry's full commentary first. */
  sources: CommentaryPanelSource[];
}

/** Quotations on the key verse a panel shows under Spurgeon's exposition, and sentences of each. */
const PANEL_QUOTATIONS = 3;
const QUOTATION_SENTENCES = 3;
/** An introduction longer than this (Spurgeon's run to pages) shows its opening sentences up to it. */
const INTRO_CHARACTERS = 1200;

function shortIntro(text: string): string {
  if (text.length <= INTRO_CHARACTERS) return text;
  let shown = "";
  for (const sentence of splitSentences(commentaryParagraphs(text)[0] ?? "")) {
    if (shown && shown.length + sentence.length > INTRO_CHARACTERS) break;
    shown = shown ? `${shown} ${sentence}` : sentence;
  }
  return shown;
}

function panelSource(source: CommentarySourceId, verse: VerseId): CommentaryPanelSource | null {
  const found = commentaryForRanges([{ start: verse, end: verse }], source);
  const section = found.find((entry) => !entry.intro);
  const intro = found.find((entry) => entry.intro);
  if (!section) return null;
  const notes = placedNotes([{ start: verse, end: verse }], { sources: [source] });
  const onVerse = notes.find((note) => note.kind === "exposition");
  const text = plainText(section.text);
  return {
    id: source,
    name: COMMENTARY_NAMES[source],
    author: commentarySources[source].author,
    credit: COMMENTARY_CREDITS[source],
    intro: intro ? { reference: intro.reference, text: shortIntro(plainText(intro.text)) } : null,
    section: {
      reference: section.reference,
      text,
      excerpt: onVerse ? onVerse.sentences.join(" ") : (commentaryParagraphs(text)[0] ?? ""),
    },
    quotations: notes
      .filter((note) => note.kind === "quotation")
      .slice(0, PANEL_QUOTATIONS)
      .map((note) => ({
        author: note.author,
        attribution: note.attribution,
        reference: note.label,
        text: note.sentences.slice(0, QUOTATION_SENTENCES).join(" "),
      })),
  };
}

/**
 * What the Commentary panel shows for a passage, per commentary that has text on its key verse:
 * the chapter's introduction, then the section covering the key verse (what it says of that
 * verse as the excerpt, the whole section on demand), and for Spurgeon the writers he quotes.
 */
export function commentaryPanelFor(ranges: VerseRange[], keyVerse?: VerseId): CommentaryPanelData | null {
  if (ranges.length === 0) return null;
  const verse = keyVerse ?? ranges[0]!.start;
  const sources = COMMENTARY_SOURCE_IDS.flatMap((source) => panelSource(source, verse) ?? []);
  if (sources.length === 0) return null;
  return { reference: sources[0]!.section?.reference ?? formatRanges([{ start: verse, end: verse }]), sources };
}

/**
 * The verse readers link most (its cross-reference votes) in the first range that has one: the
 * key verse a panel opens on when the caller names none.
 */
export function mostLinkedVerse(ranges: VerseRange[]): VerseId | undefined {
  const statement = getBibleDb().prepare(
    "select id from verse_weights where id between ? and ? order by weight desc, id limit 1",
  );
  for (const range of ranges) {
    const row = statement.get(range.start, range.end) as { id: number } | undefined;
    if (row) return row.id;
  }
  return ranges[0]?.start;
}

/** The panel for a reference as written ("Genesis 1-3"), on its most-linked verse; null when it does not parse. */
export function commentaryPanelForReference(reference: string): CommentaryPanelData | null {
  const parsed = parseReference(reference);
  if (!parsed.ok) return null;
  return commentaryPanelFor(parsed.ranges, mostLinkedVerse(parsed.ranges));
}

/**
 * Full-text search over the commentary's sections (stemmed, every word of the query): the best
 * matches' references and verses.
 */
export function searchCommentary(query: string, limit = 10): Array<{ reference: string; range: VerseRange }> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const rows = getBibleDb()
    .prepare(
      `select c.reference as reference, c.start as start, c.end as end
         from commentary_fts join commentary c on c.id = commentary_fts.rowid
        where commentary_fts match ? and c.position > 0
        order by bm25(commentary_fts) limit ?`,
    )
    .all(terms.map((term) => `"${term}"`).join(" AND "), limit) as Array<{
    reference: string;
    start: number;
    end: number;
  }>;
  return rows.map((row) => ({ reference: row.reference, range: { start: row.start, end: row.end } }));
}

export type CommentarySourceId = keyof typeof commentarySources;

export const COMMENTARY_SOURCE_IDS = ["mhc", "mhcc", "tdavid"] as const satisfies readonly CommentarySourceId[];

export interface PlacedNote {
  source: CommentarySourceId;
  /** "Matthew Henry", "C. H. Spurgeon", or the writer Spurgeon quotes ("John Trapp"). */
  author: string;
  /** The work, as credited: "Matthew Henry, Concise Commentary"; add " on " and the label to cite a note. */
  attribution: string;
  /** The verses this text discusses. */
  range: VerseRange;
  /** "Psalm 23:1-3". */
  label: string;
  /** Whole sentences, in source order. */
  sentences: string[];
  kind: "exposition" | "quotation" | "hint";
}

interface NoteRow {
  id: number;
  source: CommentarySourceId;
  book: number;
  chapter: number;
  kind: PlacedNote["kind"];
  author: string;
  attribution: string;
  /** Deflated JSON: [from, to, sentences] per part, verse numbers within the chapter. */
  parts: Buffer;
}

const KIND_ORDER: Record<PlacedNote["kind"], number> = { exposition: 0, quotation: 1, hint: 2 };

/** A note placed on verses X-Y is about the asked verses when it lies within them or is not much wider. */
function fitsRequest(part: VerseRange, asked: VerseRange): boolean {
  if (part.end < asked.start || part.start > asked.end) return false;
  if (part.start >= asked.start && part.end <= asked.end) return true;
  const askedSpan = asked.end - asked.start + 1;
  const partSpan = part.end - part.start + 1;
  return partSpan <= Math.max(askedSpan * 2, askedSpan + 4);
}

/**
 * Notes on the given verses, narrowest well-placed note first: Henry's sections are cut by the
 * verses each part discusses (at build, see commentary-text.ts), so a note is returned for verses
 * X-Y only if its text is about X-Y.
 */
export function placedNotes(
  ranges: VerseRange[],
  options: { sources?: CommentarySourceId[]; limit?: number } = {},
): PlacedNote[] {
  const sources = options.sources ?? COMMENTARY_SOURCE_IDS;
  if (sources.length === 0) return [];
  const statement = getBibleDb().prepare(
    `select id, source, book, chapter, kind, author, attribution, parts from commentary_notes
      where book = ? and chapter between ? and ? and start <= ? and end >= ?
        and source in (${sources.map(() => "?").join(",")})
      order by id`,
  );
  const found: Array<{ note: PlacedNote; order: number }> = [];
  const seen = new Set<string>();
  for (const asked of ranges) {
    const from = splitVerseId(asked.start);
    const to = splitVerseId(asked.end);
    for (let book = from.bookOrder; book <= to.bookOrder; book++) {
      const firstChapter = book === from.bookOrder ? from.chapter : 1;
      const lastChapter = book === to.bookOrder ? to.chapter : (bookByOrder(book)?.chapters ?? 0);
      const rows = statement.all(book, firstChapter, lastChapter, asked.end, asked.start, ...sources) as NoteRow[];
      for (const row of rows) {
        const parts = JSON.parse(zlib.inflateRawSync(row.parts).toString("utf8")) as Array<[number, number, string[]]>;
        parts.forEach(([first, last, sentences], index) => {
          const range = { start: verseId(row.book, row.chapter, first), end: verseId(row.book, row.chapter, last) };
          const key = `${row.id}:${index}`;
          if (seen.has(key) || !fitsRequest(range, asked)) return;
          seen.add(key);
          // A sentence shaped as a heading ("What is the degree of this desire.") opens no quotation.
          quotableRuns(sentences).forEach((run, piece) =>
            found.push({
              note: {
                source: row.source,
                author: row.author,
                attribution: row.attribution,
                range,
                label: formatRanges([range]),
                sentences: run,
                kind: row.kind,
              },
              order: row.id * 1000 + index + piece / 100,
            }),
          );
        });
      }
    }
  }
  const span = (note: PlacedNote) => note.range.end - note.range.start;
  found.sort(
    (a, b) =>
      span(a.note) - span(b.note) ||
      sources.indexOf(a.note.source) - sources.indexOf(b.note.source) ||
      KIND_ORDER[a.note.kind] - KIND_ORDER[b.note.kind] ||
      a.order - b.order,
  );
  return found.slice(0, options.limit ?? found.length).map((entry) => entry.note);
}

export interface ChapterIntroduction {
  source: CommentarySourceId;
  author: string;
  sentences: string[];
  /** The Concise Commentary's chapter outline: one line per part, with the verses it covers. */
  outline?: Array<{ text: string; range?: VerseRange }>;
}

/** Chapter introductions: Henry's (full) introduction, the Concise "Chapter Outline" lines, Spurgeon's psalm overview. */
export function chapterIntroductions(bookId: string, chapter: number): ChapterIntroduction[] {
  const key = `${bookId}.${chapter}`;
  let found = introductionCache.get(key);
  if (!found) {
    // Reading an introduction into sentences costs milliseconds (Spurgeon's run to pages), and a
    // plan's readings come back every day: a bounded cache of the last chapters read.
    introductionCache.set(key, (found = readIntroductions(bookId, chapter)));
  }
  return found;
}

const introductionCache = new LRUCache<string, ChapterIntroduction[]>({ max: 500 });

function readIntroductions(bookId: string, chapter: number): ChapterIntroduction[] {
  const book = bookById(bookId);
  if (!book || chapter < 1 || chapter > book.chapters) return [];
  const rows = getBibleDb()
    .prepare("select source, text from commentary where book = ? and chapter = ? and position = 0")
    .all(book.order, chapter) as Array<{ source: CommentarySourceId; text: Buffer }>;
  const count = book.verses[chapter - 1] ?? 0;
  return rows
    .sort((a, b) => COMMENTARY_SOURCE_IDS.indexOf(a.source) - COMMENTARY_SOURCE_IDS.indexOf(b.source))
    .map((row) => {
      const text = zlib.inflateRawSync(row.text).toString("utf8");
      const author = commentarySources[row.source].author;
      const whole = (prose: string) =>
        placeSection({
          text: prose,
          chapter,
          from: 1,
          to: count,
          bookNames: [],
          verses: new Map(),
          markers: false,
        }).flatMap((part) => part.sentences);
      if (row.source !== "mhcc") return { source: row.source, author, sentences: whole(text) };
      const outline = outlineLines(text).map((line) => ({
        text: line.text,
        range:
          line.from && line.from <= count
            ? {
                start: verseId(book.order, chapter, line.from),
                end: verseId(book.order, chapter, Math.min(line.to!, count)),
              }
            : undefined,
      }));
      return { source: row.source, author, sentences: whole(outline.map((line) => line.text).join("\n\n")), outline };
    });
}
