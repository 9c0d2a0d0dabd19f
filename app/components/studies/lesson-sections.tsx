import { useEffect, useMemo, useState } from "react";
import { splitStudySections } from "~/modules/studies/markdown";
import { cn } from "~/utils/cn";
import { studySectionId } from "./study-content";

/**
 * The section being read: the last whose top has passed a reading line a third of the way down
 * the viewport (the first before any has). The observer's band ends at that line, so it reports
 * exactly when a section's top crosses it; a preceding section's tail above the line does not count.
 */
function useCurrentSection(ids: string[]) {
  const [current, setCurrent] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const elements = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    const observer = new IntersectionObserver(
      () => {
        const line = window.innerHeight / 3;
        const passed = elements.filter((element) => element.getBoundingClientRect().top <= line + 1);
        setCurrent((passed.at(-1) ?? elements[0]!).id);
      },
      { rootMargin: "0px 0px -66% 0px" },
    );
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [ids]);
  return [current, setCurrent] as const;
}

/** The lesson's sections beside it, kept in view while the reader scrolls, the one being read marked. */
export function LessonSections({ content }: { content: unknown }) {
  const parts = useMemo(() => (typeof content === "string" ? splitStudySections(content) : null), [content]);
  const entries = useMemo(() => {
    if (!parts) return [];
    const sections = parts.sections.map((section, index) => ({ id: studySectionId(index), title: section.title }));
    return parts.overview ? [{ id: "lesson-overview", title: "Overview" }, ...sections] : sections;
  }, [parts]);
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries]);
  const [current, setCurrent] = useCurrentSection(ids);
  if (!parts || parts.sections.length === 0) return null;
  const link =
    "block rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:bg-muted/60 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  return (
    <nav aria-label="In this lesson" className="hidden space-y-2 lg:sticky lg:top-6 lg:block print:hidden">
      <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">In this lesson</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={entry.id === current ? "true" : undefined}
              // A followed link marks its section at once, before the scroll settles.
              onClick={() => setCurrent(entry.id)}
              className={cn(link, entry.id === current && "bg-muted font-medium text-foreground")}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
