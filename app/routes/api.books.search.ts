import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookSearchSchema } from "~/modules/books/schemas";
import { searchBooks } from "~/modules/books/search.server";
import { requireApiUser } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { parseWith } from "~/utils/validation";

/** Books by title, author or ISBN from Open Library (cached a week): `{ results, cached }`. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  const { q } = parseWith(bookSearchSchema, { q: new URL(request.url).searchParams.get("q") ?? undefined });
  return searchBooks(q);
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});
