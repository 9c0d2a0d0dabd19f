import { SearchForm } from "~/components/search-form";

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
    <SearchForm
      label="Search your library"
      query={query}
      maxLength={100}
      placeholder="Search titles, summaries, authors"
      inputLabel="Search your library"
      className="flex flex-wrap gap-2"
      fieldClassName="min-w-48"
    >
      <select
        name="type"
        defaultValue={type}
        aria-label="Type of content"
        className="h-10 rounded-md border border-input bg-background px-3 text-sm max-md:h-11"
      >
        <option value="">All types</option>
        {types.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </SearchForm>
  );
}
