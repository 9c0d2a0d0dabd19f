import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { bibleDataDir, projectRoot } from "~/paths.server";
import { bookById, books, parseDataReference, verseId, type BibleBook } from "./books";
import { placeSection, type PlacedPart } from "./commentary-text";

/**
 * Builds the Bible database: the shipped Bible texts, cross-references, topical index, commentaries
 * and Strong's dictionaries in their own read-only SQLite file, built once from db/bible-data (a
 * few seconds) and reused by every start. Bump the version when the layout or the import changes.
 * Reading it is bible-db.server.ts.
 */
const BIBLE_DB_VERSION = "6";

export const shippedTranslations = ["BSB", "WEB", "KJV"] as const;

export function bibleDatabasePath() {
  return process.env.BIBLE_DB_PATH ?? path.join(projectRoot, "build/bible.sqlite");
}

function isCurrent(file: string) {
  if (!fs.existsSync(file)) return false;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("select value from meta where key = 'version'").get() as { value: string } | undefined;
      return row?.value === BIBLE_DB_VERSION;
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

/** Builds the Bible database when it is missing or from an older version. Returns its path. */
export function ensureBibleDatabase(file = bibleDatabasePath()): { path: string; builtMs?: number } {
  if (isCurrent(file)) return { path: file };
  const started = performance.now();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Built beside the target and renamed into place, so a concurrent reader never sees half a file.
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    buildInto(temporary);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { path: file, builtMs: Math.round(performance.now() - started) };
}

interface TranslationFile {
  translation: string;
  books: Array<{ id: string; chapters: string[][] }>;
}

function readTranslation(code: string): TranslationFile {
  return JSON.parse(fs.readFileSync(path.join(bibleDataDir, "bible", `${code}.json`), "utf8"));
}

/** The lower-cased words of a verse, as the word counts and the built-in lessons see them. */
export function verseWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']s\b/g, "")
      .match(/[a-z]+/g) ?? []
  );
}

function buildInto(file: string) {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.exec(`
      create table meta (key text primary key, value text not null);
      create table verses (
        id integer primary key,
        book integer not null,
        chapter integer not null,
        verse integer not null,
        bsb text not null,
        web text not null,
        kjv text not null
      );
      create virtual table verses_fts using fts5(
        bsb, kjv, content='verses', content_rowid='id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      create table crossrefs (
        from_id integer not null,
        to_start integer not null,
        to_end integer not null,
        votes integer not null
      );
      create table topics (
        id integer primary key,
        name text not null,
        name_key text not null,
        refs text not null,
        see text not null,
        subtopics text not null
      );
      create virtual table topics_fts using fts5(
        name, labels, content='', tokenize = 'porter unicode61 remove_diacritics 2'
      );
      create table topic_refs (
        topic_id integer not null,
        start integer not null,
        end integer not null
      );
      create table verse_weights (id integer primary key, weight integer not null);
      create table word_counts (
        word text primary key,
        bsb integer not null,
        web integer not null,
        kjv integer not null,
        lowercase integer not null
      ) without rowid;
      create table commentary (
        id integer primary key,
        source text not null,
        book integer not null,
        chapter integer not null,
        position integer not null,
        start integer not null,
        end integer not null,
        reference text not null,
        text blob not null
      );
      create virtual table commentary_fts using fts5(
        text, content='', tokenize = 'porter unicode61 remove_diacritics 2'
      );
      create table commentary_notes (
        id integer primary key,
        source text not null,
        book integer not null,
        chapter integer not null,
        start integer not null,
        end integer not null,
        kind text not null,
        author text not null,
        attribution text not null,
        parts blob not null
      );
      create table strongs (
        id text primary key,
        lemma text not null,
        transliteration text not null,
        gloss text not null,
        definition text not null,
        occurrences integer not null
      ) without rowid;
      create table kjv_strongs (id integer primary key, segments text not null);
    `);

    const texts = { bsb: readTranslation("bsb"), web: readTranslation("web"), kjv: readTranslation("kjv") };
    const insertVerse = db.prepare(
      "insert into verses (id, book, chapter, verse, bsb, web, kjv) values (?, ?, ?, ?, ?, ?, ?)",
    );
    db.transaction(() => {
      books.forEach((book, bookIndex) => {
        book.verses.forEach((count, chapterIndex) => {
          for (let verseIndex = 0; verseIndex < count; verseIndex++) {
            const text = (code: keyof typeof texts) =>
              texts[code].books[bookIndex]?.chapters[chapterIndex]?.[verseIndex] ?? "";
            insertVerse.run(
              verseId(book.order, chapterIndex + 1, verseIndex + 1),
              book.order,
              chapterIndex + 1,
              verseIndex + 1,
              text("bsb"),
              text("web"),
              text("kjv"),
            );
          }
        });
      });
    })();
    db.exec("insert into verses_fts (verses_fts) values ('rebuild')");

    // How many verses use each word, per translation: how rare (and so how telling) a word is.
    // The fourth count is of verses where it is written in lower case: a word never written so
    // is a name ("Orpah", "Jesus"), not an idea.
    const counts = new Map<string, [number, number, number, number]>();
    (["bsb", "web", "kjv"] as const).forEach((code, column) => {
      for (const book of texts[code].books) {
        for (const chapter of book.chapters) {
          for (const verse of chapter) {
            for (const word of new Set(verseWords(verse))) {
              let entry = counts.get(word);
              if (!entry) counts.set(word, (entry = [0, 0, 0, 0]));
              entry[column]! += 1;
            }
            for (const word of new Set(verse.match(/\b[a-z]+/g) ?? [])) {
              const entry = counts.get(word);
              if (entry) entry[3] += 1;
            }
          }
        }
      }
    });
    const insertCount = db.prepare("insert into word_counts (word, bsb, web, kjv, lowercase) values (?, ?, ?, ?, ?)");
    db.transaction(() => {
      for (const [word, [bsb, web, kjv, lowercase]] of counts) insertCount.run(word, bsb, web, kjv, lowercase);
    })();

    const insertCrossref = db.prepare("insert into crossrefs (from_id, to_start, to_end, votes) values (?, ?, ?, ?)");
    db.transaction(() => {
      const lines = fs.readFileSync(path.join(bibleDataDir, "crossrefs.tsv"), "utf8").split("\n");
      for (const line of lines) {
        if (!line || line.startsWith("from\t") || line.startsWith("#")) continue;
        const [from, to, votes] = line.split("\t");
        const source = parseDataReference(from!);
        const target = parseDataReference(to!);
        if (!source || !target) continue;
        insertCrossref.run(source.start, target.start, target.end, Number(votes));
      }
    })();
    db.exec("create index crossrefs_from_idx on crossrefs (from_id, votes desc)");
    // A verse's weight is the votes of the cross-references from and to it: the verses readers
    // link most are the ones a study should quote first.
    db.exec(`
      insert into verse_weights (id, weight)
        select id, sum(votes) from (
          select from_id as id, votes from crossrefs
          union all
          select to_start as id, votes from crossrefs
        ) group by id
    `);

    const topics = JSON.parse(fs.readFileSync(path.join(bibleDataDir, "topics.json"), "utf8")) as Array<{
      topic: string;
      refs: string[];
      see?: string[];
      subtopics?: Array<{ label: string; refs: string[]; level?: number }>;
    }>;
    const insertTopic = db.prepare(
      "insert into topics (id, name, name_key, refs, see, subtopics) values (?, ?, ?, ?, ?, ?)",
    );
    const insertTopicSearch = db.prepare("insert into topics_fts (rowid, name, labels) values (?, ?, ?)");
    const insertTopicRef = db.prepare("insert into topic_refs (topic_id, start, end) values (?, ?, ?)");
    db.transaction(() => {
      topics.forEach((topic, index) => {
        const id = index + 1;
        insertTopic.run(
          id,
          topic.topic,
          topic.topic.toLowerCase(),
          JSON.stringify(topic.refs),
          JSON.stringify(topic.see ?? []),
          JSON.stringify(topic.subtopics ?? []),
        );
        insertTopicSearch.run(id, topic.topic, (topic.subtopics ?? []).map((sub) => sub.label).join(" \n "));
        for (const reference of topic.refs) {
          const range = parseDataReference(reference);
          if (range) insertTopicRef.run(id, range.start, range.end);
        }
      });
    })();
    db.exec("create index topics_name_key_idx on topics (name_key)");
    db.exec("create index topic_refs_start_idx on topic_refs (start, end)");
    const widest = db.prepare("select max(end - start) as span from topic_refs").get() as { span: number };
    db.prepare("insert into meta (key, value) values ('topic_ref_max_span', ?)").run(String(widest.span ?? 0));

    const kjvText = (book: BibleBook, chapter: number, verse: number) =>
      texts.kjv.books[book.order - 1]?.chapters[chapter - 1]?.[verse - 1] ?? "";
    importCommentary(db, kjvText);
    importStrongs(db);

    db.prepare("insert into meta (key, value) values ('version', ?)").run(BIBLE_DB_VERSION);
    db.exec("vacuum");
  } finally {
    db.close();
  }
}

interface CommentaryFile {
  source: string;
  books: Record<string, { chapters: Record<string, CommentaryChapter> }>;
}

interface CommentaryChapter {
  intro: string;
  sections: Array<{ reference: string; ref?: string; text: string }>;
  /** Spurgeon's quotations of other writers, and his hints to preachers (The Treasury of David only). */
  notes?: Array<{ ref: string; author: string | null; source: string | null; text: string }>;
  hints?: Array<{ ref: string; text: string }>;
}

/**
 * The verses a commentary section names, read leniently: the source writes three of its 4,253
 * references oddly ("Joshua 6:Verses6-16", "Romans 4:9-17a", "Romans 4:17b-22"). Sections never
 * cross a chapter, so the verses alone place it within its chapter.
 */
export function commentarySectionVerses(reference: string): { from: number; to: number } | null {
  const match = /(\d+):\s*(?:verses?\s*)?(\d+)[a-z]?(?:\s*-\s*(\d+)[a-z]?)?\s*$/i.exec(reference);
  if (!match) return null;
  const from = Number(match[2]);
  const to = match[3] === undefined ? from : Number(match[3]);
  return to >= from ? { from, to } : null;
}

/** The commentaries shipped, by the id the app uses, with the credit each note carries. */
export const commentarySources = {
  mhc: { file: "mhc.json.gz", author: "Matthew Henry", work: "Matthew Henry, Commentary on the Whole Bible" },
  mhcc: { file: "mhcc.json.gz", author: "Matthew Henry", work: "Matthew Henry, Concise Commentary" },
  tdavid: { file: "tdavid.json.gz", author: "C. H. Spurgeon", work: "C. H. Spurgeon, The Treasury of David" },
} as const;

type KjvText = (book: BibleBook, chapter: number, verse: number) => string;

/**
 * Mistakes in the digitised text, mended before anything is split or placed: the full
 * commentary's "Is" opening a question was expanded as the abbreviation of Isaiah about 560
 * times ("Isa. there unrighteousness with God?", "Isa. it not…").
 */
export function repairSourceText(text: string): string {
  return text.replace(
    /\bIsa\. (?=(?:it|this|not|there|any|the|he|that|she|is|their|thy|his|all|such|my|her|a|we|they|thine|our|your)\b)/g,
    "Is ",
  );
}

/**
 * The three commentaries: per chapter its introduction (position 0, covering the whole chapter)
 * and then its sections in order, each over the verses it expounds (Henry's full commentary
 * alone has a full-text index); and their notes, placed on the verses each part discusses.
 */
function importCommentary(db: Database.Database, kjvText: KjvText) {
  const insertRow = db.prepare(
    "insert into commentary (source, book, chapter, position, start, end, reference, text) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertSearch = db.prepare("insert into commentary_fts (rowid, text) values (?, ?)");
  const insertNote = db.prepare(
    `insert into commentary_notes (source, book, chapter, start, end, kind, author, attribution, parts)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Text is stored deflated (the full commentary alone is 34.7 MB) and indexed as plain text in
  // a contentless full-text table.
  const deflate = (text: string) => zlib.deflateRawSync(text, { level: 1 });
  for (const [source, { file, author, work }] of Object.entries(commentarySources)) {
    const data = JSON.parse(
      repairSourceText(zlib.gunzipSync(fs.readFileSync(path.join(bibleDataDir, "commentary", file))).toString("utf8")),
    ) as CommentaryFile;
    // One row per section or quotation, its parts (each on the verses it discusses) deflated
    // together: per part, the rows and blobs would be twice the size.
    const note = (
      book: BibleBook,
      chapter: number,
      span: { from: number; to: number },
      parts: PlacedPart[],
      kind: string,
      noteAuthor: string,
      attribution: string,
    ) => {
      if (parts.length === 0) return;
      insertNote.run(
        source,
        book.order,
        chapter,
        verseId(book.order, chapter, span.from),
        verseId(book.order, chapter, span.to),
        kind,
        noteAuthor,
        attribution,
        deflate(JSON.stringify(parts.map((part) => [part.from, part.to, part.sentences]))),
      );
    };
    db.transaction(() => {
      for (const book of books) {
        const chapters = data.books[book.id]?.chapters ?? {};
        const bookNames = [book.name, book.osis, book.id, ...book.abbreviations].map((name) =>
          name.replace(/[\s.]/g, "").toLowerCase(),
        );
        for (let chapter = 1; chapter <= book.chapters; chapter++) {
          const entry = chapters[String(chapter)];
          if (!entry) continue;
          const count = book.verses[chapter - 1] ?? 0;
          const verses = (from: number, to: number) => {
            const clampedFrom = Math.min(Math.max(from, 1), count);
            return { from: clampedFrom, to: Math.min(Math.max(to, clampedFrom), count) };
          };
          // "Psalm 23:1-6" (a psalm is never "Psalms 23"); always with its verses, as Henry's sections are cited.
          const name = `${book.id === "PSA" ? "Psalm" : book.name} ${chapter}`;
          const label = (from: number, to: number) => (from === to ? `${name}:${from}` : `${name}:${from}-${to}`);
          const row = (position: number, from: number, to: number, text: string) => {
            const { lastInsertRowid } = insertRow.run(
              source,
              book.order,
              chapter,
              position,
              verseId(book.order, chapter, from),
              verseId(book.order, chapter, to),
              position === 0 ? name : label(from, to),
              deflate(text),
            );
            if (source === "mhc") insertSearch.run(lastInsertRowid, text);
          };
          if (entry.intro.trim()) row(0, 1, count, entry.intro);
          entry.sections.forEach((section, index) => {
            const named = section.ref ? parseDataReference(section.ref) : commentarySectionVerses(section.reference);
            const span =
              named && "start" in named
                ? verses(named.start % 1000, named.end % 1000)
                : verses(named?.from ?? 1, named?.to ?? count);
            row(index + 1, span.from, span.to, section.text);
            const kjv = new Map<number, string>();
            for (let verse = span.from; verse <= span.to; verse++) kjv.set(verse, kjvText(book, chapter, verse));
            const parts = placeSection({
              text: section.text,
              chapter,
              ...span,
              bookNames,
              verses: kjv,
              // Spurgeon's expositions are one per verse already.
              markers: source !== "tdavid",
            });
            note(book, chapter, span, parts, "exposition", author, work);
          });
          const placed = (ref: string) => {
            const range = parseDataReference(ref);
            return range ? verses(range.start % 1000, range.end % 1000) : verses(1, count);
          };
          for (const quotation of entry.notes ?? []) {
            // Unattributed notes are Spurgeon's own or run on from the one before: never credited to a guess.
            if (!quotation.author || !quotation.source) continue;
            const span = placed(quotation.ref);
            const credit = `${quotation.source.replace(/[.\s]+$/, "")}, quoted in ${work}`;
            const parts = placeSection({
              ...span,
              text: quotation.text,
              chapter,
              bookNames,
              verses: new Map(),
              markers: false,
            });
            note(book, chapter, span, parts, "quotation", quotation.author, credit);
          }
          for (const hint of entry.hints ?? []) {
            const span = placed(hint.ref);
            const parts = placeSection({
              ...span,
              text: hint.text,
              chapter,
              bookNames,
              verses: new Map(),
              markers: false,
            });
            note(book, chapter, span, parts, "hint", author, `${work}, Hints to the Village Preacher`);
          }
        }
      }
    })();
    db.prepare("insert into meta (key, value) values (?, ?)").run(`commentary_source_${source}`, data.source);
  }
  db.exec("create index commentary_chapter_idx on commentary (source, book, chapter, position)");
  db.exec("create index commentary_notes_chapter_idx on commentary_notes (book, chapter, start)");
}

interface LexiconFile {
  entries: Record<string, { id: string; lemma: string; transliteration: string; gloss: string; definition: string }>;
}

interface KjvStrongsFile {
  books: Array<{ id: string; chapters: Array<Array<Array<[string, string[]]>>> }>;
}

/**
 * Strong's dictionaries and the KJV's Strong's numbers: per verse the words that carry a number
 * (untagged words are left out), and per number how often the KJV renders it.
 */
function importStrongs(db: Database.Database) {
  const tagged = JSON.parse(
    zlib.gunzipSync(fs.readFileSync(path.join(bibleDataDir, "bible", "kjv-strongs.json.gz"))).toString("utf8"),
  ) as KjvStrongsFile;
  const occurrences = new Map<string, number>();
  const insertVerse = db.prepare("insert into kjv_strongs (id, segments) values (?, ?)");
  db.transaction(() => {
    for (const book of tagged.books) {
      const order = bookById(book.id)?.order;
      if (!order) continue;
      book.chapters.forEach((chapter, chapterIndex) => {
        chapter.forEach((segments, verseIndex) => {
          // Only the tagged words, each with its place in the verse (the first word is capitalised anyway).
          const kept = segments.flatMap(([text, ids], place) => (ids.length > 0 ? [[text, ids, place] as const] : []));
          for (const [, ids] of kept) for (const id of ids) occurrences.set(id, (occurrences.get(id) ?? 0) + 1);
          insertVerse.run(verseId(order, chapterIndex + 1, verseIndex + 1), JSON.stringify(kept));
        });
      });
    }
  })();
  const insertEntry = db.prepare(
    "insert into strongs (id, lemma, transliteration, gloss, definition, occurrences) values (?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const file of ["strongs-greek.json", "strongs-hebrew.json"]) {
      const lexicon = JSON.parse(fs.readFileSync(path.join(bibleDataDir, "lexicon", file), "utf8")) as LexiconFile;
      for (const entry of Object.values(lexicon.entries)) {
        insertEntry.run(
          entry.id,
          entry.lemma,
          entry.transliteration,
          entry.gloss,
          entry.definition,
          occurrences.get(entry.id) ?? 0,
        );
      }
    }
  })();
}
