import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { bibleDataDir } from "~/paths.server";
import { books } from "./books";
import type { LaidOutVerse, VerseStart } from "./layout";

const chapterSchema = z.object({
  paragraphs: z.array(z.number().int()),
  stanzas: z.array(z.number().int()),
  poetry: z.array(z.tuple([z.number().int(), z.number().int()])),
});
const layoutSchema = z.object({
  books: z.record(z.string(), z.object({ chapters: z.record(z.string(), chapterSchema) })),
});
type ChapterLayout = z.infer<typeof chapterSchema>;

let layout: z.infer<typeof layoutSchema> | null = null;
const idByName = new Map(books.map((book) => [book.name, book.id]));

/** Read on first use (82 kB): only pages that set Scripture need it. */
function chapterLayout(bookId: string, chapter: number): ChapterLayout | undefined {
  layout ??= layoutSchema.parse(
    JSON.parse(fs.readFileSync(path.join(bibleDataDir, "bible/layout.json"), "utf8")) as unknown,
  );
  return layout.books[bookId]?.chapters[String(chapter)];
}

/**
 * The verses of one book with where their paragraphs and stanzas start and which are poetry
 * (the World English Bible's layout; breaks fall between verses, so it serves every translation).
 */
export function layOutVerses<V extends { chapter: number; verse: number; text: string }>(
  bookName: string,
  verses: V[],
): Array<V & LaidOutVerse> {
  const bookId = idByName.get(bookName);
  return verses.map((verse) => {
    const chapter = bookId ? chapterLayout(bookId, verse.chapter) : undefined;
    if (!chapter) return verse;
    const start: VerseStart | undefined = chapter.stanzas.includes(verse.verse)
      ? "stanza"
      : chapter.paragraphs.includes(verse.verse)
        ? "paragraph"
        : undefined;
    const poetry = chapter.poetry.some(([first, last]) => verse.verse >= first && verse.verse <= last);
    return { ...verse, ...(start ? { start } : {}), ...(poetry ? { poetry } : {}) };
  });
}
