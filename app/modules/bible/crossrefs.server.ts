import { getBibleDb } from "./bible-db.server";
import { formatRanges, type VerseRange } from "./references.server";

export interface CrossReference {
  range: VerseRange;
  reference: string;
  votes: number;
}

/**
 * The best-voted OpenBible.info cross-references from any verse of the given ranges, leaving out
 * those that point back inside the ranges themselves.
 */
export function crossReferencesFor(ranges: VerseRange[], limit = 8): CrossReference[] {
  const db = getBibleDb();
  const statement = db.prepare(
    "select to_start as start, to_end as end, votes from crossrefs where from_id between ? and ? order by votes desc limit ?",
  );
  const inside = (id: number) => ranges.some((range) => id >= range.start && id <= range.end);
  const best = new Map<string, CrossReference>();
  for (const range of ranges) {
    for (const row of statement.all(range.start, range.end, limit * 6) as Array<{
      start: number;
      end: number;
      votes: number;
    }>) {
      if (inside(row.start)) continue;
      const key = `${row.start}-${row.end}`;
      const existing = best.get(key);
      if (existing) {
        existing.votes += row.votes;
      } else {
        const target = { start: row.start, end: row.end };
        best.set(key, { range: target, reference: formatRanges([target]), votes: row.votes });
      }
    }
  }
  return [...best.values()].sort((a, b) => b.votes - a.votes || a.range.start - b.range.start).slice(0, limit);
}
