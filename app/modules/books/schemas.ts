import { z } from "zod";

/** GET /api/books/search?q= and the add-excerpt dialog's look-up. */
export const bookSearchSchema = z.object({
  q: z
    .string({ error: "Enter a title, author or ISBN to search for" })
    .trim()
    .min(1, "Enter a title, author or ISBN to search for")
    .max(200, "The search is too long (200 characters at most)"),
});

export interface BookSearchResult {
  title: string;
  authorName: string | null;
  coverUrl: string | null;
  storeUrl: string | null;
  isbn: string | null;
}

export interface BookSearchAnswer {
  results: BookSearchResult[];
  cached: boolean;
}

export const BOOK_LOOKUP_UNAVAILABLE =
  "Book lookup is unavailable right now. You can fill in the book's details by hand.";
