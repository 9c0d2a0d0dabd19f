import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { bibleDataDir, projectRoot } from "~/paths.server";
import { books, parseDataReference, verseId } from "./books";

/**
 * The shipped Bible texts, cross-references and topical index live in their own read-only SQLite
 * file, built once from db/bible-data (a few seconds) and reused by every start. Bump the version
 * when the layout or the import changes.
 */
const BIBLE_DB_VERSION = "1";

export const shippedTranslations = ["BSB", "WEB", "KJV"] as const;
export type ShippedTranslation = (typeof shippedTranslations)[number];

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

    const insertCrossref = db.prepare(
      "insert into crossrefs (from_id, to_start, to_end, votes) values (?, ?, ?, ?)",
    );
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
      });
    })();
    db.exec("create index topics_name_key_idx on topics (name_key)");

    db.prepare("insert into meta (key, value) values ('version', ?)").run(BIBLE_DB_VERSION);
    db.exec("vacuum");
  } finally {
    db.close();
  }
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
