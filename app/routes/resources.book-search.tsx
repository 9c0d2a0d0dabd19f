import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookSearchSchema } from "~/modules/books/schemas";
import { searchBooks } from "~/modules/books/search.server";
import { requireUser } from "~/modules/auth/request.server";
import { refusalOf } from "~/utils/refusal.server";

/**
 * The add-excerpt dialog's book look-up (GET /api/books/search is the JSON adapter over the same
 * function). A failure is an answer, not an error page: the dialog says the look-up is
 * unavailable and the fields stay open for typing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const parsed = bookSearchSchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  if (!parsed.success) return { results: [], cached: false, error: parsed.error.issues[0]!.message };
  try {
    return { ...(await searchBooks(parsed.data.q)), error: null };
  } catch (error) {
    return { results: [], cached: false, error: refusalOf(error).message };
  }
}

// A search answered once stays answered: saving the excerpt must not ask Open Library again.
export const shouldRevalidate = () => false;
