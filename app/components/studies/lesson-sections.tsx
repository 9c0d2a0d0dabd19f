import { ChevronDown, ListTree } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { splitStudySections } from "~/modules/lesson-format/markdown";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
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

/**
 * Scrolls to a part of the page and puts its id in the address, without a fragment navigation:
 * React Router takes one for a back/forward step and restores the scroll of the previous one
 * (such entries share one key), so a second jump landed back where the first had.
 */
function jumpTo(event: React.MouseEvent<HTMLAnchorElement>, id: string, { focus = false } = {}) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, "", `#${id}`);
  target.scrollIntoView({ block: "start" });
  if (focus) {
    // Where the reader goes on from with the keyboard, as after a followed link.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
}

/** The lesson's sections (the Overview first when there is one), and the one being read. */
function useLessonSections(content: unknown) {
  const entries = useMemo(() => {
    const parts = typeof content === "string" ? splitStudySections(content) : null;
    if (!parts || parts.sections.length === 0) return [];
    const sections = parts.sections.map((section, index) => ({ id: studySectionId(index), title: section.title }));
    return parts.overview ? [{ id: "lesson-overview", title: "Overview" }, ...sections] : sections;
  }, [content]);
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries]);
  const [current, setCurrent] = useCurrentSection(ids);
  return { entries, current, setCurrent };
}

function SectionLinks({
  entries,
  current,
  onFollow,
}: {
  entries: Array<{ id: string; title: string }>;
  current: string | undefined;
  onFollow: (id: string, event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  const link =
    "block rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:bg-muted/60 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-lg:py-2.5";
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            aria-current={entry.id === current ? "true" : undefined}
            // A followed link marks its section at once, before the scroll settles.
            onClick={(event) => onFollow(entry.id, event)}
            className={cn(link, entry.id === current && "bg-muted font-medium text-foreground")}
          >
            {entry.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The lesson's sections beside it, kept in view while the reader scrolls, the one being read marked. */
export function LessonSections({ content }: { content: unknown }) {
  const { entries, current, setCurrent } = useLessonSections(content);
  if (entries.length === 0) return null;
  return (
    <nav aria-label="In this lesson" className="hidden space-y-2 lg:sticky lg:top-6 lg:block print:hidden">
      <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">In this lesson</p>
      <SectionLinks
        entries={entries}
        current={current}
        onFollow={(id, event) => {
          setCurrent(id);
          jumpTo(event, id);
        }}
      />
    </nav>
  );
}

/**
 * On a phone or tablet, where the list cannot sit beside the lesson: a bar that stays at the top
 * while the lesson scrolls, whose "Sections" button opens the list (the section being read named
 * beside it), with a way on to New study and Recent Studies below the lesson. It needs scripts, so
 * it appears once the page is interactive.
 */
export function LessonSectionsBar({ content, moreId }: { content: unknown; moreId: string }) {
  const { entries, current, setCurrent } = useLessonSections(content);
  const [open, setOpen] = useState(false);
  // A followed link moves the focus to where it leads: sent back to the button, the page would
  // scroll back to it when the bar has scrolled away (New study, below the lesson).
  const followed = useRef(false);
  const follow = (id: string, event: React.MouseEvent<HTMLAnchorElement>) => {
    followed.current = true;
    setOpen(false);
    jumpTo(event, id, { focus: true });
  };
  const hydrated = useHydrated();
  if (entries.length === 0) return null;
  const currentTitle = entries.find((entry) => entry.id === current)?.title;
  const barClass =
    "sticky top-14 z-30 -mx-4 mb-3 border-b bg-background/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-lg sm:border md:top-2 lg:hidden print:hidden";
  // Until the scripts run, the bar stands in its place with its button disabled, so the lesson
  // does not move down under the reader's finger when it becomes usable.
  if (!hydrated) {
    return (
      <div className={barClass}>
        <Button type="button" variant="outline" className="w-full justify-between gap-2" disabled>
          <span className="flex min-w-0 items-center gap-2">
            <ListTree aria-hidden="true" />
            <span>Sections</span>
          </span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <div className={barClass}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" className="w-full justify-between gap-2">
            <span className="flex min-w-0 items-center gap-2">
              <ListTree aria-hidden="true" />
              <span>Sections</span>
              {currentTitle ? (
                <span className="truncate font-normal text-muted-foreground">
                  <span className="sr-only">, reading </span>
                  <span aria-hidden="true">· </span>
                  {currentTitle}
                </span>
              ) : null}
            </span>
            <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          align="start"
          className="max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto p-2"
          onCloseAutoFocus={(event) => {
            if (followed.current) event.preventDefault();
            followed.current = false;
          }}
        >
          <nav aria-label="In this lesson">
            <SectionLinks
              entries={entries}
              current={current}
              onFollow={(id, event) => {
                setCurrent(id);
                follow(id, event);
              }}
            />
          </nav>
          <div className="mt-1 border-t pt-1">
            <a
              href={`#${moreId}`}
              onClick={(event) => follow(moreId, event)}
              className="block rounded-md px-2 py-2.5 text-sm font-medium text-primary hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              New study and Recent Studies
            </a>
          </div>
        </PopoverContent>
      </Popover>
    </div>
  );
}
