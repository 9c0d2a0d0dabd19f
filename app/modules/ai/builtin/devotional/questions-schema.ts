import { z } from "zod";
import { bookContexts } from "../book-context";
import { parseDataReference } from "~/modules/bible/books";

/** The schema of content/devotional-questions.json (parsed with the other content files in ../content.ts). */

export const genres = [
  "narrative",
  "list",
  "poetry",
  "wisdom",
  "law",
  "prophecy",
  "gospel",
  "epistle",
  "apocalyptic",
  // A speech the book itself weighs and finds wanting (Job's friends): asked about, never taken as teaching.
  "speech",
] as const;
export type Genre = (typeof genres)[number];

const question = z
  .string()
  .trim()
  .min(1)
  .refine((text) => /\?$/.test(text), "a question ends with a question mark");
const questions = z.array(question).min(1);
/** A question on one part of the passage: its verses ("verses 6-14") and Henry's line on them. */
const partQuestions = z.array(
  question.refine(
    (text) => text.includes("{verses}") && text.includes("{part}") && !/\{(?!verses\}|part\})\w+\}/.test(text),
    "uses {verses} and {part}, and no other placeholder",
  ),
);

/** How to read this kind of writing: one plain sentence, no placeholders. */
const readingHints = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .refine(
        (text) => /\.$/.test(text) && !/\{\w+\}/.test(text),
        "a sentence ending with a full stop, no placeholders",
      ),
  )
  .min(3);

const genreQuestions = z.strictObject({
  read: readingHints,
  observe: questions,
  understand: questions,
  apply: questions,
  part: partQuestions.min(1),
});

const chapterRef = z
  .string()
  .regex(/^[1-3A-Z]{3}\.\d+(-[1-3A-Z]{3}\.\d+)?$/, 'must be "BOOK.chapter" or a range of two')
  .refine((ref) => parseDataReference(ref) !== null, "names a chapter that does not exist");

export const devotionalQuestionsSchema = z.strictObject({
  genres: z.strictObject(
    Object.fromEntries(genres.map((genre) => [genre, genreQuestions])) as Record<Genre, typeof genreQuestions>,
  ),
  books: z.record(
    z.string().refine((id) => id in bookContexts, "is not a book id"),
    z.enum(genres),
  ),
  chapters: z.array(z.strictObject({ ref: chapterRef, genre: z.enum(genres) })),
  praisePsalms: z.array(z.number().int().min(1).max(150)),
});
