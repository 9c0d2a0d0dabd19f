import { getBibleDb } from "./bible-db.server";
import { bookByOrder, type VerseId } from "./books";
import type { Verse } from "./passages.server";
import type { VerseRange } from "./references.server";
import type { ShippedTranslationCode } from "./translations";

/**
 * Statistics over the shipped Bible that the built-in lesson writer leans on: how linked a verse
 * is (cross-reference votes), how rare a word is, which Nave topics cite a passage, and which
 * verses elsewhere use a word.
 */

const columns: Record<ShippedTranslationCode, "bsb" | "web" | "kjv"> = { BSB: "bsb", WEB: "web", KJV: "kjv" };

export const VERSE_COUNT = 31_102;

/** Cross-reference votes from and to each verse (0 for verses nobody links). */
export function verseWeights(ids: Iterable<VerseId>): Map<VerseId, number> {
  const unique = [...new Set(ids)];
  const weights = new Map<VerseId, number>(unique.map((id) => [id, 0]));
  const db = getBibleDb();
  // SQLite caps bound parameters; chunks of 500 stay far below the limit.
  for (let index = 0; index < unique.length; index += 500) {
    const chunk = unique.slice(index, index + 500);
    const rows = db
      .prepare(`select id, weight from verse_weights where id in (${chunk.map(() => "?").join(",")})`)
      .all(...chunk) as Array<{ id: number; weight: number }>;
    for (const row of rows) weights.set(row.id, row.weight);
  }
  return weights;
}

export interface WordStats {
  /** Verses of the translation that use the word. */
  count: number;
  /** Verses of any shipped translation that write it in lower case (0 for names). */
  lowercase: number;
}

/** How common each word is in one translation, and whether it is a name. */
export function wordStats(words: Iterable<string>, translation: ShippedTranslationCode): Map<string, WordStats> {
  const unique = [...new Set(words)];
  const stats = new Map<string, WordStats>(unique.map((word) => [word, { count: 0, lowercase: 0 }]));
  const db = getBibleDb();
  const column = columns[translation];
  for (let index = 0; index < unique.length; index += 500) {
    const chunk = unique.slice(index, index + 500);
    const rows = db
      .prepare(
        `select word, ${column} as count, lowercase from word_counts where word in (${chunk.map(() => "?").join(",")})`,
      )
      .all(...chunk) as Array<{ word: string; count: number; lowercase: number }>;
    for (const row of rows) stats.set(row.word, { count: row.count, lowercase: row.lowercase });
  }
  return stats;
}

/** In how many verses each word occurs in one translation (0 when never). */
export function wordVerseCounts(words: Iterable<string>, translation: ShippedTranslationCode): Map<string, number> {
  return new Map([...wordStats(words, translation)].map(([word, stats]) => [word, stats.count]));
}

/** Verses by id, in the order given, in one shipped translation. */
export function versesByIds(ids: VerseId[], translation: ShippedTranslationCode): Verse[] {
  if (ids.length === 0) return [];
  const db = getBibleDb();
  const byId = new Map<number, Verse>();
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500);
    const rows = db
      .prepare(
        `select id, book, chapter, verse, ${columns[translation]} as text from verses where id in (${chunk.map(() => "?").join(",")})`,
      )
      .all(...chunk) as Array<Omit<Verse, "book"> & { book: number }>;
    for (const row of rows) byId.set(row.id, { ...row, book: bookByOrder(row.book)!.name });
  }
  return ids.map((id) => byId.get(id)).filter((verse): verse is Verse => verse !== undefined);
}

export interface PassageTopic {
  name: string;
  /** How many of the topic's references fall inside the passage. */
  hits: number;
  /** How many references the topic has in all. */
  size: number;
  /** The topic's sub-entries whose references fall inside the passage ("Justification by"). */
  labels: string[];
}

function maxTopicSpan(): number {
  const db = getBibleDb();
  const row = db.prepare("select value from meta where key = 'topic_ref_max_span'").get() as
    { value: string } | undefined;
  return Number(row?.value ?? 200);
}

let cachedSpan: number | undefined;

/**
 * Nave's topics that cite verses of the given ranges, the most telling first: a topic citing
 * several of the verses counts more, a topic citing everything (a person's whole life) less.
 */
export function topicsForRanges(ranges: VerseRange[], limit = 6): PassageTopic[] {
  const db = getBibleDb();
  cachedSpan ??= maxTopicSpan();
  const statement = db.prepare(
    `select r.topic_id as id, r.start as start, r.end as end
       from topic_refs r
      where r.start between ? and ? and r.end >= ?`,
  );
  const hits = new Map<number, Set<number>>();
  for (const range of ranges) {
    for (const row of statement.all(range.start - cachedSpan, range.end, range.start) as Array<{
      id: number;
      start: number;
      end: number;
    }>) {
      // A whole chapter cited for a topic is weaker evidence than the verse itself.
      const covered = row.end - row.start > 12 ? [Math.max(row.start, range.start)] : [row.start];
      const set = hits.get(row.id) ?? new Set<number>();
      for (const id of covered) set.add(id);
      hits.set(row.id, set);
    }
  }
  if (hits.size === 0) return [];
  const ids = [...hits.keys()];
  const rows = db
    .prepare(`select id, name, refs, subtopics from topics where id in (${ids.map(() => "?").join(",")})`)
    .all(...ids) as Array<{ id: number; name: string; refs: string; subtopics: string }>;
  const inside = (start: number) => ranges.some((range) => start >= range.start && start <= range.end);
  const scored = rows.map((row) => {
    const size = (JSON.parse(row.refs) as string[]).length;
    const count = hits.get(row.id)!.size;
    const subtopics = JSON.parse(row.subtopics) as Array<{ label: string; refs: string[] }>;
    const labels = subtopics
      .filter((subtopic) =>
        subtopic.refs.some((reference) => {
          const start = parseStart(reference);
          return start !== null && inside(start);
        }),
      )
      .map((subtopic) => subtopic.label);
    // Specific topics say more than broad ones ("Justification" over "God").
    return { name: row.name, hits: count, size, labels, score: count / Math.sqrt(size + 4) };
  });
  const minimumHits = countIds(ranges) >= 4 ? 2 : 1;
  return scored
    .filter((topic) => topic.hits >= minimumHits && !isProperName(topic.name))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ score: _score, ...topic }) => topic);
}

function countIds(ranges: VerseRange[]) {
  let total = 0;
  for (const range of ranges) total += Math.min(range.end - range.start + 1, 1000);
  return total;
}

function parseStart(reference: string): number | null {
  const match = /^([1-3A-Z]{3})\.(\d+)(?:\.(\d+))?/.exec(reference);
  if (!match) return null;
  const order = bookOrderById.get(match[1]!);
  if (!order) return null;
  return order * 1_000_000 + Number(match[2]) * 1000 + Number(match[3] ?? 1);
}

const bookOrderById = new Map<string, number>();
for (let order = 1; order <= 66; order++) {
  const book = bookByOrder(order);
  if (book) bookOrderById.set(book.id, order);
}

/**
 * Nave's indexes people and places too ("Orpah", "Moriah"); for themes they are noise. A name is
 * never written in lower case in the Bible, an idea is ("faith", "shepherd").
 */
export function isProperName(topicName: string): boolean {
  const first = /^[A-Za-z]+/.exec(topicName)?.[0]?.toLowerCase();
  if (!first) return false;
  const row = getBibleDb().prepare("select bsb as count, lowercase from word_counts where word = ?").get(first) as
    WordStats | undefined;
  return !row || isName(row);
}

/** A word written in lower case in under 5% of its verses is a name ("Moab" once in "Kir-moab"). */
export function isName(stats: WordStats): boolean {
  return stats.lowercase < Math.max(1, stats.count * 0.05);
}
