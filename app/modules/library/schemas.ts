import { z } from "zod";
import { contentTypes } from "#db/schema";
import { localPathSchema } from "~/utils/local-path";

/** Optional trimmed text with a length limit; blank becomes undefined. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (${max} characters at most)`)
    .nullish()
    .transform((value) => value || undefined);

const optionalWebUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2048, `${label} is too long`)
    .nullish()
    .transform((value) => value || undefined)
    .refine((value) => {
      if (value === undefined) return true;
      try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    }, `${label} must be a web address starting with http:// or https://`);

/** Content types added by hand: the URL processor makes blog posts and audio. */
export const manualItemTypes = ["quote", "book"] as const;

/** POST /api/sermons and the library's "Add a quote or excerpt" form. */
export const manualItemSchema = z
  .object({
    contentType: z.enum(manualItemTypes, { error: "Choose Quote or Book Excerpt" }),
    text: z
      .string({ error: "Text is required" })
      .trim()
      .min(1, "Text is required")
      .max(20_000, "Text is too long (20,000 characters at most)"),
    title: optionalText(200, "Title"),
    source: optionalText(500, "Source"),
    author: optionalText(200, "Author"),
    bookTitle: optionalText(300, "Book title"),
    coverUrl: optionalWebUrl("Cover image URL"),
    storeUrl: optionalWebUrl("Store URL"),
    asin: z
      .string({ error: "ASIN must be text" })
      .trim()
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : undefined))
      .refine(
        (value) => value === undefined || /^[A-Z0-9]{10}$/.test(value),
        "ASIN must be 10 letters or digits (e.g. B00ABC1234)",
      ),
    // From a book look-up: 10 or 13 digits (hyphens allowed); an ISBN-10 is also the book's ASIN.
    isbn: z
      .string({ error: "ISBN must be text" })
      .max(20, "ISBN must be 10 or 13 digits")
      .nullish()
      .transform((value) => (value ? value.replace(/[\s-]/g, "").toUpperCase() : undefined))
      .refine((value) => value === undefined || /^(\d{9}[\dX]|\d{13})$/.test(value), "ISBN must be 10 or 13 digits"),
  })
  .superRefine((value, context) => {
    const hasBookDetails = value.coverUrl || value.storeUrl || value.asin;
    if ((value.contentType === "book" || hasBookDetails) && !value.bookTitle) {
      context.addIssue({
        code: "custom",
        path: ["bookTitle"],
        message:
          value.contentType === "book"
            ? "Book title is required for a book excerpt"
            : "Book title is required with book details",
      });
    }
  });

export type ManualItemInput = z.infer<typeof manualItemSchema>;

/** Where the library's no-JavaScript forms (add, delete) go back to with the toast; scripts send none. */
export const libraryReturnSchema = z.object({ redirectTo: localPathSchema.optional() });

/**
 * The save-to-library toggle's form (POST /library). `redirectTo` comes only from the
 * no-JavaScript form: the page it was on, shown again with the toast.
 */
export const libraryToggleSchema = z.object({
  intent: z.enum(["save", "remove"]),
  studyId: z
    .string({ error: "Study id is required" })
    .trim()
    .min(1, "Study id is required")
    .max(100, "Study not found"),
  redirectTo: localPathSchema.optional(),
});

/** My Library's search (GET /library?q=&type=): words to find and one kind of content; unknown values are ignored. */
export const libraryFilterSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  type: z.enum(contentTypes).optional().catch(undefined),
});
