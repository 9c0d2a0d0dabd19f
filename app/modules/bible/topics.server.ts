import { getBibleDb } from "./bible-db.server";
import { parseDataReference } from "./books";
import type { VerseRange } from "./references.server";
import { searchTerms } from "./search.server";

export interface Topic {
  name: string;
  ranges: VerseRange[];
  see: string[];
  subtopics: Array<{ label: string; ranges: VerseRange[]; level?: number }>;
}

interface TopicRow {
  name: string;
  refs: string;
  see: string;
  subtopics: string;
}

function toRanges(references: string[]): VerseRange[] {
  return references.map(parseDataReference).filter((range): range is VerseRange => range !== null);
}

function toTopic(row: TopicRow): Topic {
  const subtopics = JSON.parse(row.subtopics) as Array<{ label: string; refs: string[]; level?: number }>;
  return {
    name: row.name,
    ranges: toRanges(JSON.parse(row.refs) as string[]),
    see: JSON.parse(row.see) as string[],
    subtopics: subtopics.map((subtopic) => ({
      label: subtopic.label,
      ranges: toRanges(subtopic.refs),
      level: subtopic.level,
    })),
  };
}

function singular(word: string) {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ss")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/**
 * Nave's topics for a query, best first: an exact name ("Faith"), then the names of its words
 * ("Faith and Works" -> Faith, Works), then topics whose name or sub-entries mention them.
 * Pure redirects ("See ...") are followed once.
 */
export function findTopics(query: string, limit = 3): Topic[] {
  const db = getBibleDb();
  const byName = db.prepare("select name, refs, see, subtopics from topics where name_key = ?");
  const found = new Map<string, Topic>();
  const add = (row: TopicRow | undefined) => {
    if (!row || found.has(row.name)) return;
    const topic = toTopic(row);
    if (topic.ranges.length === 0 && topic.see.length > 0) {
      for (const target of topic.see) add(byName.get(target.toLowerCase()) as TopicRow | undefined);
      return;
    }
    if (topic.ranges.length > 0) found.set(topic.name, topic);
  };

  const whole = query.trim().toLowerCase();
  add(byName.get(whole) as TopicRow | undefined);
  add(byName.get(singular(whole)) as TopicRow | undefined);
  const terms = searchTerms(query);
  for (const term of terms) {
    if (found.size >= limit) break;
    add(byName.get(term) as TopicRow | undefined);
    add(byName.get(singular(term)) as TopicRow | undefined);
  }
  if (found.size < limit && terms.length > 0) {
    const rows = db
      .prepare(
        `select t.name, t.refs, t.see, t.subtopics from topics_fts f join topics t on t.id = f.rowid
          where topics_fts match ? order by bm25(topics_fts, 10.0, 1.0) limit ?`,
      )
      .all(terms.map((term) => `"${term}"`).join(" OR "), limit * 3) as TopicRow[];
    for (const row of rows) {
      if (found.size >= limit) break;
      add(row);
    }
  }
  return [...found.values()].slice(0, limit);
}
