import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { refusalOf } from "~/utils/refusal.server";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BookText, GraduationCap, Library, NotebookPen, Search } from "lucide-react";
import { Fragment } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { requireUser } from "~/modules/auth/request.server";
import { readerTranslation } from "~/modules/bible/reader.server";
import { SEARCH_SCOPES, searchEverything, type SearchResult, type SearchScope } from "~/modules/search/search.server";
import { cn } from "~/utils/cn";

export const meta: MetaFunction = () => [{ title: "Search | Sagacity Bites" }];

const MAX_QUERY = 200;

/**
 * /search?q=&scope=all|bible|mine&t=bsb&cursor=: one box for everything. A reference goes straight
 * to the reader; words find verses (every word, stemmed, best first, 20 a page) and, on the first
 * page, the reader's lessons and library items.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, MAX_QUERY);
  const scopeText = params.get("scope");
  const scope: SearchScope = (SEARCH_SCOPES as readonly string[]).includes(scopeText ?? "")
    ? (scopeText as SearchScope)
    : "all";
  const translation = readerTranslation(params.get("t")) ?? "BSB";
  if (!query.trim()) return { query: "", scope, translation, answer: null, error: null };
  try {
    const answer = searchEverything(user.id, { query, scope, translation, cursor: params.get("cursor") });
    if (answer.goTo) throw redirect(answer.goTo);
    return { query, scope, translation, answer, error: null };
  } catch (error) {
    return { query, scope, translation, answer: null, error: refusalOf(error).message };
  }
}

/** The snippet with the query's words marked (React text: nothing in it is markup). */
function Marked({ text, terms }: { text: string; terms: string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const escaped = terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`\\b(${escaped.join("|")})\\w*`, "giu");
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <mark key={match.index} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
        {match[0]}
      </mark>,
    );
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

// The reader's own few first, then the verses (many, paged).
const groups = [
  { kind: "lesson", title: "My lessons", icon: GraduationCap },
  { kind: "library", title: "My library", icon: Library },
  { kind: "note", title: "My notes", icon: NotebookPen },
  { kind: "verse", title: "Bible", icon: BookText },
] as const;

function resultHref(result: SearchResult, translation: string) {
  if (result.kind === "lesson") return `/lesson-plans?study=${result.id}`;
  if (result.kind === "library") return `/library?${new URLSearchParams({ q: result.title ?? "" })}`;
  if (result.kind === "note") return `/bible/${result.book}/${result.chapter}?v=${result.verse}#v${result.verse}`;
  return `/bible?${new URLSearchParams({ q: result.reference ?? "", t: translation.toLowerCase() })}`;
}

export default function SearchPage() {
  const { query, scope, translation, answer, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  const link = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams({ q: query, scope, t: translation.toLowerCase() });
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return `/search?${params}`;
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Search"
        description="A reference opens the Bible; words find verses, your lessons, your library and your notes."
        className="mb-0"
      />
      <Form method="get" role="search" aria-label="Search everything" className="space-y-3">
        <div className="flex gap-2">
          <label htmlFor="search-everything" className="sr-only">
            Search
          </label>
          <Input
            id="search-everything"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_QUERY}
            placeholder="e.g. jn 3:16, steadfast love, forgiveness"
            autoComplete="off"
            enterKeyHint="search"
            className="min-w-0 flex-1"
          />
          <input type="hidden" name="scope" value={scope} />
          <input type="hidden" name="t" value={translation.toLowerCase()} />
          <Button type="submit" disabled={searching}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
        <p className="hidden text-xs text-muted-foreground sm:block">
          Press <kbd className="rounded border px-1">/</kbd> or <kbd className="rounded border px-1">Ctrl</kbd>+
          <kbd className="rounded border px-1">K</kbd> anywhere to search.
        </p>
      </Form>
      {query ? (
        <nav aria-label="Search in" className="flex flex-wrap gap-2 text-sm">
          {(
            [
              ["all", "Everything"],
              ["bible", "The Bible"],
              ["mine", "My lessons, library and notes"],
            ] as const
          ).map(([value, label]) => (
            <Link
              key={value}
              to={link({ scope: value, cursor: null })}
              aria-current={scope === value ? "true" : undefined}
              className={cn(
                "flex min-h-11 items-center rounded-full border px-3 hover:bg-accent",
                scope === value && "border-primary bg-primary text-primary-foreground hover:bg-primary",
              )}
            >
              {label}
            </Link>
          ))}
          {scope !== "mine"
            ? (["BSB", "KJV", "WEB"] as const).map((code) => (
                <Link
                  key={code}
                  to={link({ t: code.toLowerCase(), cursor: null })}
                  aria-current={translation === code ? "true" : undefined}
                  aria-label={`Search the ${code}`}
                  className={cn(
                    "flex min-h-11 items-center rounded-full border px-3 hover:bg-accent",
                    translation === code && "border-primary font-semibold",
                  )}
                >
                  {code}
                </Link>
              ))
            : null}
        </nav>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {answer ? (
        answer.results.length === 0 ? (
          <p className="text-muted-foreground">
            Nothing found for &ldquo;{query}&rdquo;. Try fewer or other words, or a reference like John 3:16.
          </p>
        ) : (
          <div className="space-y-8" aria-live="polite">
            {groups.map(({ kind, title, icon: Icon }) => {
              const found = answer.results.filter((result) => result.kind === kind);
              if (found.length === 0) return null;
              return (
                <section key={kind} aria-labelledby={`results-${kind}`} className="space-y-3">
                  <h2 id={`results-${kind}`} className="flex items-center gap-2 text-lg font-semibold">
                    <Icon className="size-5 text-primary" aria-hidden="true" />
                    {title}
                    {kind === "verse" ? (
                      <span className="text-sm font-normal text-muted-foreground">({translation})</span>
                    ) : null}
                  </h2>
                  <ol className="space-y-3">
                    {found.map((result) => (
                      <li key={`${result.kind}-${result.id ?? result.reference}`} className="rounded-lg border p-3">
                        <Link
                          to={resultHref(result, translation)}
                          className="font-medium text-primary underline-offset-4 hover:underline"
                        >
                          {result.title ?? result.reference}
                        </Link>
                        <p
                          className={cn("mt-1 text-sm leading-relaxed", kind === "verse" && "font-scripture text-base")}
                        >
                          <Marked text={result.snippet} terms={answer.terms} />
                        </p>
                      </li>
                    ))}
                  </ol>
                </section>
              );
            })}
            {answer.nextCursor ? (
              <Button asChild variant="outline">
                <Link to={link({ cursor: answer.nextCursor })}>More verses</Link>
              </Button>
            ) : null}
          </div>
        )
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
