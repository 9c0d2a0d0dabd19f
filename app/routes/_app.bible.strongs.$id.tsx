import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageRefusal } from "~/utils/refusal.server";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";
import { strongsEntry } from "~/modules/bible/strongs.server";
import { safeLocalPath } from "~/utils/local-path";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `${loaded.entry.id} ${loaded.entry.transliteration} | Sagacity Bites`
      : "Word study | Sagacity Bites",
  },
];

/** /bible/strongs/G26?back=/bible/JHN/3: a word study from Strong's dictionary, and every verse the KJV uses it in. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    const entry = strongsEntry(params.id ?? "");
    const back = safeLocalPath(new URL(request.url).searchParams.get("back"));
    return { entry, back: back?.startsWith("/bible/") ? back : null };
  } catch (error) {
    pageRefusal(error);
  }
}

export default function StrongsPage() {
  const { entry, back } = useLoaderData<typeof loader>();
  const language = entry.id.startsWith("G") ? "Greek" : "Hebrew";
  return (
    <div className="reading-column mx-auto max-w-3xl space-y-6">
      {back ? (
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={back}>
            <ArrowLeft aria-hidden="true" />
            Back to the chapter
          </Link>
        </Button>
      ) : null}
      <header className="space-y-1">
        <p className="text-sm font-medium text-muted-foreground">
          Word study · {language} · Strong&apos;s {entry.id}
        </p>
        <h1 className="text-3xl font-bold tracking-tight">
          <span lang={entry.id.startsWith("G") ? "grc" : "hbo"} className="font-scripture">
            {entry.lemma}
          </span>{" "}
          <span className="text-xl font-normal text-muted-foreground">{entry.transliteration}</span>
        </h1>
      </header>
      <section aria-labelledby="definition" className="space-y-2">
        <h2 id="definition" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          Definition
        </h2>
        <p className="text-base leading-relaxed">{entry.definition}.</p>
      </section>
      {entry.kjvUsage.length ? (
        <section aria-labelledby="renderings" className="space-y-2">
          <h2 id="renderings" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            How the KJV renders it
          </h2>
          <ul className="flex flex-wrap gap-1.5 text-sm">
            {entry.kjvUsage.map((usage) => (
              <li key={usage} className="rounded-full border px-2.5 py-0.5">
                {usage}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="verses" className="space-y-2">
        <h2 id="verses" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          In {entry.verseCount} {entry.verseCount === 1 ? "verse" : "verses"} of the KJV
          {entry.verseCount > entry.verses.length ? ` (the first ${entry.verses.length})` : ""}
        </h2>
        <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-3 md:grid-cols-4">
          {entry.verses.map((reference) => (
            <li key={reference}>
              <Link
                to={`/bible?${new URLSearchParams({ q: reference, t: "kjv" })}`}
                className="flex min-h-11 items-center rounded-md px-2 text-primary underline-offset-4 hover:bg-accent hover:underline"
              >
                {reference}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-xs text-muted-foreground">
        From James Strong&apos;s Exhaustive Concordance (1890) dictionaries and the KJV with Strong&apos;s numbers,
        public domain.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
