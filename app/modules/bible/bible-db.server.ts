import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { bibleDataDir, projectRoot } from "~/paths.server";
import { books, parseDataReference, verseId } from "./books";

/**
 * The shipped Bible texts, cross-references and topical index live in their own read-only SQLite
 * file, built once from db/bible-data (a few seconds) and reused by every start. Bump the version
 * when the layout or the import changes.
 */
const BIBLE_DB_VERSION = "4";

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

    importCommentary(db);

    db.prepare("insert into meta (key, value) values ('version', ?)").run(BIBLE_DB_VERSION);
    db.exec("vacuum");
  } finally {
    db.close();
  }
}

interface CommentaryFile {
  source: string;
  books: Record<
    string,
    { chapters: Record<string, { intro: string; sections: Array<{ reference: string; text: string }> }> }
  >;
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

/**
 * Matthew Henry's commentary: per chapter its introduction (position 0, covering the whole chapter)
 * and then its sections in order, each over the verses it expounds, with a full-text index.
 */
function importCommentary(db: Database.Database) {
  const file = path.join(bibleDataDir, "commentary", "mhc.json.gz");
  const data = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")) as CommentaryFile;
  const insertRow = db.prepare(
    "insert into commentary (book, chapter, position, start, end, reference, text) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertSearch = db.prepare("insert into commentary_fts (rowid, text) values (?, ?)");
  // The text is stored deflated (34.7 MB of it would double the database) and indexed as plain
  // text in a contentless full-text table.
  const insert = (...row: [number, number, number, number, number, string, string]) => {
    const text = row[6];
    const { lastInsertRowid } = insertRow.run(...row.slice(0, 6), zlib.deflateRawSync(text, { level: 1 }));
    insertSearch.run(lastInsertRowid, text);
  };
  db.transaction(() => {
    for (const book of books) {
      const chapters = data.books[book.id]?.chapters ?? {};
      for (let chapter = 1; chapter <= book.chapters; chapter++) {
        const entry = chapters[String(chapter)];
        if (!entry) continue;
        const count = book.verses[chapter - 1] ?? 0;
        const first = verseId(book.order, chapter, 1);
        const last = verseId(book.order, chapter, count);
        const name = `${book.name} ${chapter}`;
        if (entry.intro.trim()) insert(book.order, chapter, 0, first, last, name, entry.intro);
        entry.sections.forEach((section, index) => {
          const verses = commentarySectionVerses(section.reference);
          const from = Math.min(Math.max(verses?.from ?? 1, 1), count);
          const to = Math.min(Math.max(verses?.to ?? count, from), count);
          const reference = from === to ? `${name}:${from}` : `${name}:${from}-${to}`;
          insert(
            book.order,
            chapter,
            index + 1,
            verseId(book.order, chapter, from),
            verseId(book.order, chapter, to),
            reference,
            section.text,
          );
        });
      }
    }
  })();
  db.exec("create index commentary_chapter_idx on commentary (book, chapter, position)");
  db.prepare("insert into meta (key, value) values ('commentary_source', ?)").run(data.source);
}

const registryKey = Symbol.for("sagacity-bites.bible-database");
type Registry = { db?: Database.Database };
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {}) as Registry;

/** The read-only Bible database, built first if needed. */
export function getBibleDb(): Database.Database {
  if (registry.db?.open) return registry.db;
  const { path: file } = ensureBibleDatabase();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("cache_size = -32000");
  registry.db = db;
  return db;
}

export function closeBibleDb() {
  registry.db?.close();
  registry.db = undefined;
}
