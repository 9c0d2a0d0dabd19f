import { ValidationError } from "~/utils/errors";
import { getBibleDb } from "./bible-db.server";
import { bookByOrder, type VerseId } from "./books";
import { countVerses, formatRanges, parseReference, type VerseRange } from "./references.server";
import { resolveTranslation, type ShippedTranslationCode, type TranslationChoice } from "./translations";

export interface Verse {
  id: VerseId;
  book: string;
  chapter: number;
  verse: number;
  text: string;
}

export interface Passage {
  /** Canonical label: "John 3:16-21" */
  reference: string;
  ranges: VerseRange[];
  translation: TranslationChoice;
  verses: Verse[];
  /** The verses' text joined with spaces (verses a translation omits are left out). */
  text: string;
}

export const MAX_PASSAGE_VERSES = 200;

const columns: Record<ShippedTranslationCode, string> = { BSB: "bsb", WEB: "web", KJV: "kjv" };

/** The verses of some ranges in one shipped translation, in canonical order. */
export function versesFor(ranges: VerseRange[], translation: ShippedTranslationCode): Verse[] {
  const db = getBibleDb();
  const statement = db.prepare(
    `select id, book, chapter, verse, ${columns[translation]} as text from verses where id between ? and ? order by id`,
  );
  const verses: Verse[] = [];
  for (const range of ranges) {
    for (const row of statement.all(range.start, range.end) as Array<Omit<Verse, "book"> & { book: number }>) {
      verses.push({ ...row, book: bookByOrder(row.book)!.name });
    }
  }
  return verses;
}

export function passageFromRanges(ranges: VerseRange[], requestedTranslation?: string | null): Passage {
  const translation = resolveTranslation(requestedTranslation);
  const verses = versesFor(ranges, translation.shown);
  return {
    reference: formatRanges(ranges),
    ranges,
    translation,
    verses,
    text: verses
      .map((verse) => verse.text)
      .filter(Boolean)
      .join(" "),
  };
}

/**
 * A passage by its reference ("John 3:16-21", "Jn 3:16", "Psalm 23", "Rom 8:28-39; 12:1-2").
 * A reference that is not one, names a chapter or verse that does not exist, or is too long
 * for one study is a ValidationError (400) with a message saying which.
 */
export function getPassage(
  reference: string,
  requestedTranslation?: string | null,
  { maxVerses = MAX_PASSAGE_VERSES }: { maxVerses?: number } = {},
): Passage {
  const parsed = parseReference(reference);
  if (!parsed.ok) throw new ValidationError(parsed.message);
  const count = countVerses(parsed.ranges);
  if (count > maxVerses) {
    throw new ValidationError(
      `${parsed.label} has ${count} verses; please choose a passage of at most ${maxVerses} verses.`,
    );
  }
  return passageFromRanges(parsed.ranges, requestedTranslation);
}

/** Opens the Bible database and builds the reference parser ahead of the first request. */
export function warmUpScriptureEngine() {
  try {
    getPassage("John 3:16", "BSB");
  } catch (error) {
    console.error("Could not prepare the Bible database:", error);
  }
}
