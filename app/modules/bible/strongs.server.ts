import { LRUCache } from "lru-cache";
import { getBibleDb } from "./bible-db.server";
import type { VerseId } from "./books";
import { formatRanges } from "./references.server";
import { NotFoundError, ValidationError } from "~/utils/errors";

/** G26, H157: a Greek (New Testament) or Hebrew (Old Testament) number of Strong's concordance. */
export const STRONGS_ID = /^[GH][1-9]\d{0,4}$/;

export interface StrongsEntry {
  id: string;
  lemma: string;
  transliteration: string;
  gloss: string;
  /** Strong's definition, without the list of KJV renderings. */
  definition: string;
  /** How the KJV renders it ("charity", "dear", "love"). */
  kjvUsage: string[];
  /** The verses where the KJV renders it, canonical order ("John 3:16"), the first 300. */
  verses: string[];
  /** All such verses. */
  verseCount: number;
}

export function strongsId(text: string): string {
  const id = text.trim().toUpperCase();
  if (!STRONGS_ID.test(id)) throw new ValidationError("A Strong's number is G or H and a number, like G26 or H157.");
  return id;
}

const reference = (id: VerseId) => formatRanges([{ start: id, end: id }]);

// Finding a number's verses scans the KJV's tags (about 40 ms): each entry is kept once found.
const entries = new LRUCache<string, StrongsEntry>({ max: 500 });

/** A Strong's entry with the verses that use it, the first 300 (NotFoundError for a number the dictionary does not have). */
export function strongsEntry(text: string): StrongsEntry {
  const id = strongsId(text);
  const cached = entries.get(id);
  if (cached) return cached;
  const entry = readEntry(id);
  entries.set(id, entry);
  return entry;
}

const VERSE_LIMIT = 300;

function readEntry(id: string): StrongsEntry {
  const db = getBibleDb();
  const row = db.prepare("select id, lemma, transliteration, gloss, definition from strongs where id = ?").get(id) as
    { id: string; lemma: string; transliteration: string; gloss: string; definition: string } | undefined;
  if (!row) throw new NotFoundError(`Strong's dictionary has no ${id}.`);
  // Greek entries end ":--" and their KJV renderings, Hebrew ones ": -" and theirs.
  const [definition, usage = ""] = row.definition.split(/:\s?-{1,2}\s?/);
  // The number appears quoted in a verse's segments ('["loved",["G25"],3]'): G26 never matches G260.
  const pattern = `%"${id}"%`;
  const ids = db
    .prepare("select id from kjv_strongs where segments like ? order by id")
    .pluck()
    .all(pattern) as VerseId[];
  return {
    id: row.id,
    lemma: row.lemma,
    transliteration: row.transliteration,
    gloss: row.gloss,
    definition: definition!.trim().replace(/[;,]\s*$/, ""),
    kjvUsage: usage
      .replace(/\.\s*$/, "")
      .split(/,\s*/)
      .map((entry) => entry.trim())
      .filter(Boolean),
    verses: ids.slice(0, VERSE_LIMIT).map(reference),
    verseCount: ids.length,
  };
}

export interface TaggedWord {
  /** The KJV's word as printed in the verse ("loved"). */
  word: string;
  ids: string[];
}

/** The KJV words of some verses that carry Strong's numbers, in order, by verse number. */
export function chapterStrongs(start: VerseId, end: VerseId): Record<number, TaggedWord[]> {
  const rows = getBibleDb()
    .prepare("select id, segments from kjv_strongs where id between ? and ? order by id")
    .all(start, end) as Array<{ id: number; segments: string }>;
  const byVerse: Record<number, TaggedWord[]> = {};
  for (const row of rows) {
    const segments = JSON.parse(row.segments) as Array<[string, string[], number]>;
    byVerse[row.id % 1000] = segments
      .filter(([, ids]) => ids.some((id) => STRONGS_ID.test(id)))
      .map(([word, ids]) => ({ word, ids: ids.filter((id) => STRONGS_ID.test(id)) }));
  }
  return byVerse;
}
