import type { ReactNode } from "react";
import { ShowMoreLink } from "~/components/show-more-link";
import { LIBRARY_PAGE_SIZE } from "~/modules/library/display";

/** One of the page's two lists: its items, what it says when it has none, and its "Show more". */
export function LibraryList<T extends { id: string }>({
  label,
  className,
  items,
  renderItem,
  none,
  more,
}: {
  label: string;
  className: string;
  items: T[];
  renderItem: (item: T) => ReactNode;
  none: ReactNode;
  more: { list: "content" | "saved"; total: number; other: Record<string, number | string> };
}) {
  return (
    <>
      {items.length === 0 ? (
        none
      ) : (
        <ul className={className} aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <ShowMore list={more.list} shown={items.length} total={more.total} other={more.other} />
    </>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">{children}</p>;
}

/** The library's search, kept when a list shows more. */
export function searchOf(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(["q", "type"].flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

/** "Show more" for a long list: a plain link (?content=100), so it works before the page's scripts load. */
function ShowMore({
  list,
  shown,
  total,
  other,
}: {
  list: "content" | "saved";
  shown: number;
  total: number;
  other: Record<string, number | string>;
}) {
  if (total <= shown) return null;
  const search = new URLSearchParams({
    ...Object.fromEntries(Object.entries(other).map(([key, count]) => [key, String(count)])),
    [list]: String(shown + LIBRARY_PAGE_SIZE),
  });
  return <ShowMoreLink status={`Showing ${shown} of ${total}`} search={search} />;
}
