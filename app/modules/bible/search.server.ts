import { getBibleDb } from "./bible-db.server";
import { formatRanges } from "./references.server";
import type { ShippedTranslationCode } from "./translations";

export interface VerseHit {
  id: number;
  reference: string;
  text: string;
}

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have how i in is it its of on or that the this to was were what when where which who why will with about into your our their his her them they we you me my".split(
    " ",
  ),
);

/** The words of a query worth searching for, lower-cased, without FTS syntax. */
export function searchTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/[\s'-]+/)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, 12);
}

const columnFor: Record<ShippedTranslationCode, string> = { BSB: "bsb", WEB: "web", KJV: "kjv" };

/**
 * Full-text search over the verses (BSB and KJV wording, stemmed), best matches first: verses
 * with every word, then verses with some of them, paged by offset.
 */
export function searchVerses(
  query: string,
  {
    limit = 10,
    offset = 0,
    translation = "BSB",
  }: { limit?: number; offset?: number; translation?: ShippedTranslationCode } = {},
): VerseHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const db = getBibleDb();
  const statement = db.prepare(
    `select v.id as id, v.${columnFor[translation]} as text
       from verses_fts join verses v on v.id = verses_fts.rowid
      where verses_fts match ?
      order by bm25(verses_fts) limit ? offset ?`,
  );
  const quoted = terms.map((term) => `"${term}"`);
  const every = quoted.join(" AND ");
  let rows = statement.all(every, limit, offset) as Array<{ id: number; text: string }>;
  // Verses with every word first, then those with some of them: one order, so pages follow on.
  if (rows.length < limit && terms.length > 1) {
    const withEvery = db
      .prepare("select count(*) from verses_fts where verses_fts match ?")
      .pluck()
      .get(every) as number;
    const some = `(${quoted.join(" OR ")}) NOT (${every})`;
    const more = statement.all(some, limit - rows.length, Math.max(0, offset - withEvery)) as Array<{
      id: number;
      text: string;
    }>;
    rows = [...rows, ...more];
  }
  return rows
    .filter((row) => row.text)
    .map((row) => ({
      id: row.id,
      reference: formatRanges([{ start: row.id, end: row.id }]),
      text: row.text,
    }));
}
