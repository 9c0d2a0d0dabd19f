import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/modules/auth/request.server";
import { chapterPlace, readerTranslations } from "~/modules/bible/reader.server";
import { rememberBiblePlace } from "~/modules/profile/profile.server";
import { apiHandler } from "~/utils/api.server";
import { ValidationError } from "~/utils/errors";

const placeSchema = z.object({
  book: z.string().trim().min(1).max(40),
  chapter: z.coerce.number().int().min(1).max(150),
  translation: z.enum(readerTranslations),
});

/**
 * POST /resources/bible-place (book, chapter, translation): the Bible reader keeps the reader's
 * place once a chapter is up (its GET writes nothing). The reader posts here with a plain fetch,
 * not a fetcher: a fetcher's revalidation finishing during the next navigation could complete that
 * navigation without the new page's data (a blank word-study page, 1 run in 6).
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = placeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw new ValidationError("A place is a book, a chapter and BSB, KJV or WEB.");
  const place = chapterPlace(form.data.book, form.data.chapter);
  rememberBiblePlace(user.id, { book: place.book.id, chapter: place.chapter, translation: form.data.translation });
  return { ok: true };
});
