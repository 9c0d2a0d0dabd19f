import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { refusalOf } from "~/utils/refusal.server";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NotebookPen } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";
import { books } from "~/modules/bible/books";
import { chapterPlace, placeOfReference, readerHref, readerTranslation } from "~/modules/bible/reader.server";
import { getBiblePlace } from "~/modules/profile/profile.server";
import { GoToPassage } from "~/components/bible/go-to-passage";

export const meta: MetaFunction = () => [{ title: "Bible | Sagacity Bites" }];

const MAX_QUERY = 100;

/**
 * /bible opens the reader where it was last left (John 1 the first time). /bible?q=jn+3 goes to
 * a typed reference ("jn 3", "1 cor 13", "Ps 23:1-4"); one that is not a passage stays here with
 * the reason and every book to choose from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, MAX_QUERY).trim();
  const translation = readerTranslation(params.get("t"));
  if (query) {
    try {
      return redirect(readerHref(placeOfReference(query), translation));
    } catch (error) {
      return { query, error: refusalOf(error).message };
    }
  }
  if (params.has("books")) return { query: "", error: null };
  const saved = getBiblePlace(user.id);
  let target = "/bible/JHN/1";
  if (saved) {
    try {
      const place = chapterPlace(saved.book, saved.chapter);
      const code = readerTranslation(saved.translation);
      target = `/bible/${place.book.id}/${place.chapter}${code && code !== "BSB" ? `?t=${code.toLowerCase()}` : ""}`;
    } catch {
      // A place that no longer exists (it cannot, unless the data changed): John 1.
    }
  }
  return redirect(target);
}

export default function BibleIndexPage() {
  const { query, error } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="Bible"
        description="Every book of the Berean Standard Bible, the KJV and the WEB"
        actions={
          <Button asChild variant="outline">
            <Link to="/notes">
              <NotebookPen aria-hidden="true" />
              My notes
            </Link>
          </Button>
        }
      />
      <GoToPassage defaultValue={query} error={error} />
      {(["OT", "NT"] as const).map((testament) => (
        <section key={testament} aria-labelledby={`books-${testament}`} className="space-y-3">
          <h2 id={`books-${testament}`} className="text-lg font-semibold">
            {testament === "OT" ? "Old Testament" : "New Testament"}
          </h2>
          <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-5">
            {books
              .filter((book) => book.testament === testament)
              .map((book) => (
                <li key={book.id}>
                  <Link
                    to={`/bible/${book.id}/1`}
                    className="flex min-h-11 items-center rounded-md px-3 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {book.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
