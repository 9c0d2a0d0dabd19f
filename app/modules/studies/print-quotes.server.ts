import { versesFor } from "~/modules/bible/passages.server";
import { countVerses, parseReference } from "~/modules/bible/references.server";
import { resolveTranslation } from "~/modules/bible/translations";
import { parenthesizedGroups } from "~/modules/lesson-format/markdown";

/** One passage cited by a study, quoted in full for the printed lesson. */
export interface PrintQuote {
  reference: string;
  verses: Array<{ chapter: number; verse: number; text: string }>;
  /** Set when the passage is longer than a handout can hold (a whole book): the rest is left to the reader's Bible. */
  omitted: number;
}

export interface PrintQuotes {
  translation: string;
  translationName: string;
  quotes: PrintQuote[];
}

/** A chapter or a few is a handout; a book is not. */
const MAX_PRINT_VERSES_PER_PASSAGE = 200;

const oneLine = (text: string) => text.replace(/\s+/g, " ");

/**
 * Every scripture reference in parentheses in a study, in the order first cited, with its verses
 * in full (the on-screen badges quote a few): what a printed leader pack sets out under "Scripture".
 * A passage whose every verse the lesson or an earlier quote already has (Key Scriptures, or "read
 * on (Matthew 18:27-35)" after Matthew 18:21-35) is not printed twice: on a Psalm 23 lesson that
 * second copy was most of a Letter page.
 */
export function printQuotesFor(content: unknown, translation: string | null | undefined): PrintQuotes {
  const shown = resolveTranslation(translation);
  const quotes: PrintQuote[] = [];
  const seen = new Set<string>();
  if (typeof content === "string") {
    let printed = oneLine(content);
    for (const inside of parenthesizedGroups(content)) {
      if (!/\d/.test(inside)) continue;
      const parsed = parseReference(inside);
      if (!parsed.ok || seen.has(parsed.label)) continue;
      seen.add(parsed.label);
      const verses = versesFor(parsed.ranges, shown.shown)
        .filter((verse) => verse.text)
        .slice(0, MAX_PRINT_VERSES_PER_PASSAGE)
        .map(({ chapter, verse, text }) => ({ chapter, verse, text }));
      if (verses.length === 0 || verses.every((verse) => printed.includes(oneLine(verse.text)))) continue;
      printed += ` ${oneLine(verses.map((verse) => verse.text).join(" "))}`;
      quotes.push({
        reference: parsed.label,
        verses,
        omitted: Math.max(0, countVerses(parsed.ranges) - MAX_PRINT_VERSES_PER_PASSAGE),
      });
    }
  }
  return { translation: shown.shown, translationName: shown.shownName, quotes };
}
