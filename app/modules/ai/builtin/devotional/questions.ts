import { bookContexts } from "../book-context";
import { bookByOrder, parseDataReference, splitVerseId, type VerseId } from "~/modules/bible/books";
import { content } from "../content";
import type { Genre } from "./questions-schema";

/**
 * The questions a devotional asks, by the kind of writing it reads (content/devotional-questions.json,
 * reviewed data, see content/README.md): a story is asked about differently from a psalm, a law or
 * a letter. Which kind a passage is comes from its book (content/book-contexts.json), corrected
 * by the file's own book and chapter lists (Genesis is narrative though it stands in the Law; a
 * census is a list).
 */

export type { Genre } from "./questions-schema";

const devotionalQuestions = content.devotionalQuestions;

const chapterGenres = devotionalQuestions.chapters.map((entry) => ({
  range: parseDataReference(entry.ref)!,
  genre: entry.genre,
}));

const kindGenres: Record<string, Genre> = { history: "narrative", letter: "epistle" };

/** The kind of writing a verse stands in. */
export function genreOf(verse: VerseId): Genre {
  const chapter = chapterGenres.find((entry) => verse >= entry.range.start && verse <= entry.range.end);
  if (chapter) return chapter.genre;
  const book = bookByOrder(splitVerseId(verse).bookOrder)!;
  const listed = devotionalQuestions.books[book.id];
  if (listed) return listed;
  const kind = bookContexts[book.id]?.kind ?? "history";
  return kindGenres[kind] ?? (kind as Genre);
}

/** A psalm of praise (its words can be prayed as they stand). */
export function isPraisePsalm(verse: VerseId): boolean {
  const { bookOrder, chapter } = splitVerseId(verse);
  return bookByOrder(bookOrder)?.id === "PSA" && devotionalQuestions.praisePsalms.includes(chapter);
}
