import { bookByOrder, splitVerseId, verseId, chapterVerseCount, type VerseId } from "~/modules/bible/books";
import { versesByIds } from "~/modules/bible/lexicon.server";
import type { Verse } from "~/modules/bible/passages.server";
import { formatRanges, type VerseRange } from "~/modules/bible/references.server";
import type { ShippedTranslationCode } from "~/modules/bible/translations";
import { escapeMarkdown, stripQuotes } from "./text";

/** A passage the lesson quotes: its range, label and verses in the translation shown. */
export interface Quoted {
  range: VerseRange;
  reference: string;
  verses: Verse[];
  /** The verses' text joined. */
  text: string;
}

function endsSentence(text: string) {
  return /[.!?]["”’)]*\s*$|[.!?]\s*["”’]*$/.test(text.trim());
}

function startsMidSentence(text: string) {
  return /^[a-z]/.test(text.trim());
}

/**
 * Widens a verse to whole sentences: Ephesians 2:8 ends with a comma, so 2:9 comes with it; a
 * verse starting in lower case takes the verse before. At most two verses are added.
 */
export function toWholeSentences(range: VerseRange, translation: ShippedTranslationCode): Quoted {
  const from = splitVerseId(range.start);
  const to = splitVerseId(range.end);
  const book = bookByOrder(from.bookOrder)!;
  const lastInChapter = chapterVerseCount(book, to.chapter);
  const ids: VerseId[] = [];
  const firstCandidate = Math.max(1, from.verse - 1);
  const lastCandidate = Math.min(lastInChapter, to.verse + 2);
  if (from.chapter === to.chapter) {
    for (let verse = firstCandidate; verse <= lastCandidate; verse++)
      ids.push(verseId(from.bookOrder, from.chapter, verse));
  } else {
    for (let id = range.start; id <= range.end; id++) ids.push(id);
  }
  const around = versesByIds(ids, translation).filter((verse) => verse.text);
  const inRange = around.filter((verse) => verse.id >= range.start && verse.id <= range.end);
  if (inRange.length === 0) return quotedFrom(range, around);
  let start = inRange[0]!;
  let end = inRange.at(-1)!;
  let added = 0;
  const before = around.find((verse) => verse.id === start.id - 1);
  if (startsMidSentence(start.text) && before) {
    start = before;
    added++;
  }
  while (!endsSentence(end.text) && added < 2) {
    const next = around.find((verse) => verse.id === end.id + 1);
    if (!next) break;
    end = next;
    added++;
  }
  const widened = { start: start.id, end: end.id };
  return quotedFrom(
    widened,
    around.filter((verse) => verse.id >= widened.start && verse.id <= widened.end),
  );
}

export function quotedFrom(range: VerseRange, verses: Verse[]): Quoted {
  return {
    range,
    reference: formatRanges([range]),
    verses,
    text: verses.map((verse) => verse.text).join(" "),
  };
}

/** A markdown blockquote of verses; several verses carry their numbers. */
export function blockquote(verses: Verse[]): string {
  if (verses.length === 1) return `> ${escapeMarkdown(verses[0]!.text)}`;
  let chapter = -1;
  const parts = verses.map((verse) => {
    const number = verse.chapter !== chapter && chapter !== -1 ? `${verse.chapter}:${verse.verse}` : `${verse.verse}`;
    chapter = verse.chapter;
    return `**${number}** ${escapeMarkdown(verse.text)}`;
  });
  return `> ${parts.join(" ")}`;
}

/** The opening words of a text for a short citation: “Therefore, since we have...” */
export function snippet(text: string, words = 14): string {
  const plain = stripQuotes(text).split(" ");
  const cut = plain
    .slice(0, words)
    .join(" ")
    .replace(/[,;:]$/, "");
  return escapeMarkdown(plain.length > words ? `${cut}…` : cut);
}
