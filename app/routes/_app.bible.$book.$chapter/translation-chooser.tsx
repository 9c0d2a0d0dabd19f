import { Link } from "@remix-run/react";
import { Columns2, Languages } from "lucide-react";
import { cn } from "~/utils/cn";
import type { ReaderHref } from "./chapter-text";

/** Which translation the chapter is read in, and which (if any) is read beside it: links, so they work without scripts. */
export function TranslationChooser({
  translations,
  translation,
  parallel,
  wordStudy,
  href,
}: {
  translations: Array<{ code: string; name: string }>;
  translation: string;
  parallel: string | null;
  wordStudy: boolean;
  href: ReaderHref;
}) {
  const item =
    "flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <nav aria-label="Translation">
        <ul className="flex gap-1 rounded-lg bg-muted p-1">
          {translations.map(({ code, name }) => (
            <li key={code}>
              <Link
                to={href({
                  t: code === "BSB" ? null : code.toLowerCase(),
                  p: parallel === code ? null : (parallel?.toLowerCase() ?? null),
                })}
                replace
                preventScrollReset
                title={name}
                aria-label={`Read in the ${name}`}
                aria-current={code === translation ? "true" : undefined}
                className={cn(item, code === translation && "bg-background text-foreground shadow-sm")}
              >
                {code}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Compare with">
        <ul className="flex items-center gap-1 rounded-lg border p-1">
          <li className="flex items-center gap-1 px-2 text-sm text-muted-foreground">
            <Columns2 className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Compare</span>
          </li>
          {translations
            .filter(({ code }) => code !== translation)
            .map(({ code, name }) => (
              <li key={code}>
                <Link
                  to={href({ p: parallel === code ? null : code.toLowerCase(), side: null })}
                  replace
                  preventScrollReset
                  aria-label={parallel === code ? `Stop comparing with the ${name}` : `Compare with the ${name}`}
                  aria-current={parallel === code ? "true" : undefined}
                  className={cn(
                    item,
                    parallel === code && "bg-primary text-primary-foreground hover:text-primary-foreground",
                  )}
                >
                  {code}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      {/* Strong's numbers are tagged on the KJV: word study reads it. */}
      <Link
        to={
          wordStudy
            ? href({ words: null })
            : href({ words: "1", t: "kjv", p: parallel === "KJV" ? null : (parallel?.toLowerCase() ?? null) })
        }
        replace
        preventScrollReset
        aria-current={wordStudy ? "true" : undefined}
        className={cn(
          item,
          "border",
          wordStudy && "border-primary bg-primary text-primary-foreground hover:text-primary-foreground",
        )}
      >
        <Languages className="mr-1.5 size-4" aria-hidden="true" />
        {wordStudy ? "Word study on" : "Word study"}
      </Link>
    </div>
  );
}
