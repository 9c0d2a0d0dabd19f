import { useFetcher } from "@remix-run/react";
import { BookMarked, Search } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { BookSearchResult } from "~/modules/books/schemas";

type Answer = { results: BookSearchResult[]; cached: boolean; error: string | null };

/** Fills the excerpt form's book fields (named inputs in the same form) from a chosen result. */
function fillForm(form: HTMLFormElement | null | undefined, book: BookSearchResult) {
  if (!form) return;
  const set = (name: string, value: string | null) => {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) field.value = value ?? "";
  };
  set("bookTitle", book.title);
  set("coverUrl", book.coverUrl);
  set("storeUrl", book.storeUrl);
  set("isbn", book.isbn);
  const author = form.elements.namedItem("author");
  if (author instanceof HTMLInputElement && !author.value) author.value = book.authorName ?? "";
}

/**
 * "Find the book": searches Open Library by title, author or ISBN through the server and fills
 * the fields below with the chosen book. Offline or on failure it says so; the fields still work
 * by hand. Shown only with scripts (the search runs in place).
 */
export function BookLookup() {
  const fetcher = useFetcher<Answer>();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const searching = fetcher.state !== "idle";
  const answer = fetcher.data;

  function search() {
    const q = query.trim();
    if (!q) return;
    setChosen(null);
    fetcher.load(`/resources/book-search?q=${encodeURIComponent(q)}`);
  }

  return (
    <div ref={container} className="space-y-2">
      <input type="hidden" name="isbn" />
      {/* The hint stays out of the label: "Author" must name the author field alone. */}
      <Label htmlFor="book-lookup">Look up the book</Label>
      <p id="book-lookup-hint" className="text-xs text-muted-foreground">
        Search Open Library by title, author or ISBN to fill in the details below.
      </p>
      <div className="flex gap-2">
        <Input
          id="book-lookup"
          type="search"
          aria-describedby="book-lookup-hint"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches instead of submitting the excerpt form.
            if (event.key === "Enter") {
              event.preventDefault();
              search();
            }
          }}
          placeholder="e.g., Mere Christianity"
        />
        <Button type="button" variant="outline" onClick={search} disabled={searching || !query.trim()}>
          <Search aria-hidden="true" />
          {searching ? "Searching..." : "Search"}
        </Button>
      </div>
      <div aria-live="polite">
        {answer?.error ? (
          <p className="text-sm text-muted-foreground">{answer.error}</p>
        ) : answer && answer.results.length === 0 && !searching ? (
          <p className="text-sm text-muted-foreground">No books found. Fill in the details below by hand.</p>
        ) : chosen ? (
          <p className="text-sm text-muted-foreground">Filled in from Open Library: {chosen}</p>
        ) : null}
      </div>
      {answer && answer.results.length > 0 && !chosen ? (
        <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border p-1" aria-label="Books found">
          {answer.results.map((book, index) => (
            <li key={`${book.storeUrl ?? book.title}-${index}`}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded p-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => {
                  fillForm(container.current?.closest("form"), book);
                  setChosen(book.title);
                }}
              >
                {book.coverUrl ? (
                  <img
                    src={book.coverUrl}
                    alt=""
                    className="h-12 w-8 shrink-0 rounded border bg-muted object-cover"
                    loading="lazy"
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <span className="flex h-12 w-8 shrink-0 items-center justify-center rounded border bg-muted">
                    <BookMarked className="size-4 text-muted-foreground" aria-hidden="true" />
                  </span>
                )}
                <span>
                  <span className="block font-medium">{book.title}</span>
                  <span className="block text-muted-foreground">
                    {[book.authorName, book.isbn ? `ISBN ${book.isbn}` : null].filter(Boolean).join(" · ")}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
