import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { strongsEntry } from "~/modules/bible/strongs.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/strongs/{id} (G26, H157): { id, lemma, transliteration, gloss, definition, kjvUsage,
 * verses, verseCount }: the entry of Strong's dictionary, how the KJV renders it, and the first 300
 * verses where it does. 400 for a malformed number, 404 for one the dictionary does not have.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return strongsEntry(params.id ?? "");
});

export const action = apiHandler(async () => methodNotAllowed());
