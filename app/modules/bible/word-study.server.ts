import { getBibleDb } from "./bible-db.server";
import type { VerseId } from "./books";
import type { VerseRange } from "./references.server";

/**
 * Word studies from the KJV with Strong's numbers and Strong's dictionaries (1890): the
 * passage's telling original-language words, with the English the KJV gives them here.
 */

export interface WordStudy {
  strongs: string;
  lemma: string;
  transliteration: string;
  gloss: string;
  definition: string;
  /** The KJV words in this passage that render it. */
  english: string[];
  /** Where in the passage it occurs. */
  verses: VerseId[];
  /** Times the KJV renders it in the whole Bible. */
  occurrences: number;
}

/** Longer passages are studied on their first verses: a word study serves a reading, not a book. */
const MAX_VERSES = 400;

/** A number rendered this often is a common word ("say", "God", "LORD"), not one to study. */
const COMMON = 2000;

// The object marker et, which the KJV tags on "and" or nothing at all.
const NEVER = new Set(["H853"]);

// Strong's own words for particles, pronouns, prepositions and names, early in an entry.
const FUNCTION_WORD =
  /\b(?:particle|pronoun|preposition|conjunction|article|adverb of|interjection|the name of|name of (?:a|an|two|three|several|the)|an? (?:Israelite|Edomite|Levite|Canaanite|Philistine|place|city|town|region|country|son of|king of)|patronymic|a (?:Greek|Roman|Christian|Jew)\b)/;

const SMALL_ENGLISH = new Set(
  "shall should will would may might must hath have has had do did doth let a an the and or but nor for so yet of to in into on upon at by with from unto out up down over under about after before through this that these those he him his she her it its they them their we us our you ye your thou thee thy thine i me my mine who whom whose which what when where there here is are was were be been am not no also even then than as if".split(
    " ",
  ),
);

interface Entry {
  id: string;
  lemma: string;
  transliteration: string;
  gloss: string;
  definition: string;
  occurrences: number;
}

/** "the world" -> "world", "he gave" -> "gave": the word itself, without the small words tagged with it. */
function rendering(text: string): string {
  const words = text
    .replace(/[^\p{L}\s'’-]/gu, "")
    .trim()
    .split(/\s+/);
  while (words.length > 1 && SMALL_ENGLISH.has(words[0]!.toLowerCase())) words.shift();
  while (words.length > 1 && SMALL_ENGLISH.has(words.at(-1)!.toLowerCase())) words.pop();
  return words.join(" ");
}

// Adverbs and particles the KJV gives a content word's number ("now", "already", "away" of "cast away"),
// and "things" alone, the KJV's word for a pronoun ("these things", "whatsoever things").
const ADVERBS = new Set(
  "now already away again ever never together also still yet long before then thus so very much more only all every any forth back once ago therefore thing things".split(
    " ",
  ),
);

// Renderings too general to study: "man", "thing", "made".
const GENERIC_ENGLISH = new Set(
  "man men thing things day days made make maketh do did done doeth go goest goeth went come cometh came see saw say said saith speak spake spoken tell told answered give gave take took put set two".split(
    " ",
  ),
);

function isContentRendering(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.some((word) => !SMALL_ENGLISH.has(word) && !ADVERBS.has(word));
}

/**
 * The passage's key original-language words (content words, not particles), best first: those
 * that carry it (repeated in it, or in its key verse when one is given) before words met once,
 * then by repetition and rarity in the Bible.
 */
export function wordStudies(ranges: VerseRange[], limit = 5, options: { keyVerse?: VerseId } = {}): WordStudy[] {
  const db = getBibleDb();
  const segments = db.prepare("select id, segments from kjv_strongs where id between ? and ? order by id limit ?");
  const found = new Map<
    string,
    { english: Set<string>; verses: Set<VerseId>; count: number; capitals: number; lowercase: number }
  >();
  let budget = MAX_VERSES;
  for (const range of ranges) {
    if (budget <= 0) break;
    const rows = segments.all(range.start, range.end, budget) as Array<{ id: number; segments: string }>;
    budget -= rows.length;
    for (const row of rows) {
      // [text, Strong's numbers, the segment's place in the verse]
      for (const [text, ids, place] of JSON.parse(row.segments) as Array<[string, string[], number]>) {
        if (!isContentRendering(text)) continue;
        // A run tagged with several numbers ("shall not want") renders the last most closely.
        const id = ids.at(-1)!;
        if (NEVER.has(id)) continue;
        let entry = found.get(id);
        if (!entry) {
          found.set(id, (entry = { english: new Set(), verses: new Set(), count: 0, capitals: 0, lowercase: 0 }));
        }
        entry.english.add(rendering(text));
        entry.verses.add(row.id);
        entry.count += 1;
        // A verse's first word is capitalised anyway; elsewhere a capital marks a name ("Jesse").
        if (place > 0) {
          if (/^[A-Z][a-z]/.test(text)) entry.capitals += 1;
          else if (/^[a-z]/.test(text)) entry.lowercase += 1;
        }
      }
    }
  }
  if (found.size === 0) return [];
  const ids = [...found.keys()];
  const entries = new Map<string, Entry>();
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500);
    const rows = db
      .prepare(
        `select id, lemma, transliteration, gloss, definition, occurrences from strongs where id in (${chunk.map(() => "?").join(",")})`,
      )
      .all(...chunk) as Entry[];
    for (const row of rows) entries.set(row.id, row);
  }
  const scored: Array<{ study: WordStudy; score: number; carries: boolean }> = [];
  for (const [id, use] of found) {
    const entry = entries.get(id);
    if (!entry || !entry.lemma || entry.occurrences === 0 || entry.occurrences >= COMMON) continue;
    // "(adverbially with preposition)" describes a use of "time", not a preposition.
    if (FUNCTION_WORD.test(entry.definition.replace(/\([^)]*\)/g, "").slice(0, 120))) continue;
    if (use.capitals > 0 && use.lowercase === 0) continue;
    const inKey = options.keyVerse !== undefined && use.verses.has(options.keyVerse);
    // Repeated in the passage weighs most; rarity in the Bible tells less ("eternity" is common and
    // weighty, "to sew" rare and slight); the key verse's words weigh more, "man" and "make" less.
    const generic = [...use.english].every((english) => GENERIC_ENGLISH.has(english.toLowerCase()));
    const score =
      (1 + Math.log(use.count)) *
      Math.sqrt(Math.log(31_102 / entry.occurrences)) *
      (inKey ? 2 : 1) *
      (generic ? 0.5 : 1);
    scored.push({
      // Said in two verses or more, or in the key verse: "embrace" twice in one verse of a list is not a thread.
      carries: use.verses.size >= 2 || inKey,
      score,
      study: {
        strongs: id,
        lemma: entry.lemma,
        transliteration: entry.transliteration,
        gloss: entry.gloss,
        definition: entry.definition,
        english: [...use.english],
        verses: [...use.verses],
        occurrences: entry.occurrences,
      },
    });
  }
  scored.sort(
    (a, b) =>
      Number(b.carries) - Number(a.carries) || b.score - a.score || a.study.strongs.localeCompare(b.study.strongs),
  );
  // Five words from one verse (the key verse's "requests", "thanksgiving", "supplication"...) do not
  // study a passage: at most two from any one verse before the rest.
  const perVerse = new Map<VerseId, number>();
  const spread = scored.filter(({ study }) => {
    if (study.verses.length !== 1) return true;
    const count = perVerse.get(study.verses[0]!) ?? 0;
    perVerse.set(study.verses[0]!, count + 1);
    return count < 2;
  });
  const rest = scored.filter((entry) => !spread.includes(entry));
  return [...spread, ...rest].slice(0, limit).map((entry) => entry.study);
}
