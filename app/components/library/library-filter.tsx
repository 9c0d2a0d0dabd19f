import { Form } from "@remix-run/react";
import { Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * Search and a type filter for Content & Excerpts: a plain GET form, so it works before (and
 * without) the page's scripts, and the address can be bookmarked.
 */
export function LibraryFilter({
  query,
  type,
  types,
}: {
  query: string;
  type: string;
  types: Array<{ value: string; label: string }>;
}) {
  return (
    <Form method="get" role="search" aria-label="Search your library" className="flex flex-wrap gap-2">
      <div className="relative min-w-48 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          name="q"
          defaultValue={query}
          maxLength={100}
          placeholder="Search titles, summaries, authors"
          aria-label="Search your library"
          className="pl-9"
        />
      </div>
      <select
        name="type"
        defaultValue={type}
        aria-label="Type of content"
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">All types</option>
        {types.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}
