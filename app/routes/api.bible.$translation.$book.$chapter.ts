import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/modules/auth/request.server";
import { chapterPlace, chapterText, readerTranslations } from "~/modules/bible/reader.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { parseWith } from "~/utils/validation";

const chapterParamsSchema = z.object({
  translation: z
    .string()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(readerTranslations, { error: "translation must be one of bsb, kjv, web" })),
  book: z.string().trim().min(1, "book is required").max(40, "book is at most 40 characters"),
  chapter: z.coerce
    .number({ error: "chapter must be a whole number" })
    .int("chapter must be a whole number")
    .min(1, "chapter must be at least 1")
    .max(150, "chapter must be at most 150"),
});

/**
 * GET /api/bible/{translation}/{book}/{chapter}: one chapter of a shipped Bible, as
 * { translation, book, chapter, verses: [{ verse, text }] }. translation is bsb, kjv or web; book a
 * USFM id (JHN) or a name (John, 1 Corinthians, Jn). 400 for a malformed one, 404 for a book or
 * chapter that does not exist.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  const parsed = parseWith(chapterParamsSchema, params);
  const place = chapterPlace(parsed.book, parsed.chapter);
  const text = chapterText(place, parsed.translation);
  return {
    translation: text.translation.toLowerCase(),
    book: place.book.id,
    bookName: place.book.name,
    chapter: place.chapter,
    verses: text.verses.map(({ verse, text: verseText }) => ({ verse, text: verseText })),
  };
});

export const action = apiHandler(async () => methodNotAllowed());
