import { z } from "zod";
import { books } from "~/modules/bible/books";
import bookContextsJson from "./content/book-contexts.json";

/**
 * A few sentences of background for each book of the Bible (content/book-contexts.json, reviewed
 * data a pastor can edit; see content/README.md): its kind of writing, who wrote it (as tradition
 * holds, where the book does not say), and what it is about, keyed by USFM id. Devotionals and
 * lessons use it for context without a network. Checked with its schema when first imported: a
 * malformed entry stops the app with a message naming it.
 */

export const bookKinds = ["law", "history", "wisdom", "poetry", "prophecy", "gospel", "letter", "apocalyptic"] as const;
export type BookKind = (typeof bookKinds)[number];

const phrase = z.string().trim().min(1);
/** A whole sentence: a capital first, a full stop last. */
const sentence = z.string().regex(/^[A-Z“"'].*[.!?]$/s, "must be a whole sentence (a capital first, a full stop last)");

const bookContextSchema = z.strictObject({
  /** The kind of writing, for reading hints. */
  kind: z.enum(bookKinds),
  /** The kind of writing, described: "a book of the Law". */
  genre: phrase,
  /** Who wrote it, honest about tradition, as a phrase after a comma ("traditionally attributed to Moses"). */
  author: phrase,
  /** One sentence on setting and purpose. */
  about: sentence,
  /** A phrase completing "Romans is ...". */
  summary: phrase.regex(/[^.]$/, "completes a sentence, so ends without a full stop"),
});
export type BookContext = z.infer<typeof bookContextSchema>;

const bookIds = books.map((book) => book.id);

export const bookContextsFileSchema = z.strictObject({
  books: z.record(z.string(), bookContextSchema).superRefine((entries, context) => {
    for (const id of Object.keys(entries))
      if (!bookIds.includes(id)) context.addIssue({ code: "custom", path: [id], message: "is not a book's USFM id" });
    for (const id of bookIds)
      if (!(id in entries)) context.addIssue({ code: "custom", path: [id], message: "is missing: every book has one" });
  }),
  /** How to read a kind of writing well: one practical hint for a group. */
  readingHints: z.strictObject(
    Object.fromEntries(bookKinds.map((kind) => [kind, sentence])) as Record<BookKind, typeof sentence>,
  ),
});

function load() {
  const parsed = bookContextsFileSchema.safeParse(bookContextsJson);
  if (!parsed.success) {
    throw new Error(
      `Built-in writer content app/modules/ai/builtin/content/book-contexts.json is invalid:\n${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

const file = load();

/** Each book's background, by USFM id ("ROM"). */
export const bookContexts: Record<string, BookContext> = file.books;
/** How to read a kind of writing well: one practical hint for a group. */
export const genreHints: Record<BookKind, string> = file.readingHints;
