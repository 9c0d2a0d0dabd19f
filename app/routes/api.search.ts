import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/modules/auth/request.server";
import { SEARCH_SCOPES, searchEverything } from "~/modules/search/search.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { parseWith } from "~/utils/validation";

const searchQuerySchema = z.object({
  q: z.string({ error: "q is required" }).trim().min(1, "q is required").max(200, "q is at most 200 characters"),
  scope: z.enum(SEARCH_SCOPES, { error: "scope must be bible, mine or all" }).default("all"),
  translation: z
    .string()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(["BSB", "KJV", "WEB"], { error: "translation must be bsb, kjv or web" }))
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 50" })
    .int("limit must be a whole number from 1 to 50")
    .min(1, "limit must be a whole number from 1 to 50")
    .max(50, "limit must be a whole number from 1 to 50")
    .default(20),
  cursor: z.string().max(40, "cursor is not valid: use the X-Next-Cursor of the page before").optional(),
});

/**
 * GET /api/search?q=&scope=bible|mine|all&translation=&limit=&cursor=: { results: [{ kind, reference?,
 * id?, title?, snippet }] }. A reference ("jn 3:16") is one verse result; words search the Bible
 * (paged: X-Next-Cursor and a Link header, as on the other lists) and the caller's lessons,
 * library items, notes and bookmarks (on the first page; a note's result also has the book,
 * chapter and verse it starts at).
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { q, scope, translation, limit, cursor } = parseWith(searchQuerySchema, params);
  const answer = searchEverything(user.id, { query: q, scope, translation, limit, cursor });
  const headers = new Headers();
  if (answer.nextCursor) {
    const next = new URL(request.url);
    next.searchParams.set("cursor", answer.nextCursor);
    headers.set("x-next-cursor", answer.nextCursor);
    headers.set("link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return jsonResponse({ results: answer.results }, { headers });
});

export const action = apiHandler(async () => methodNotAllowed());
