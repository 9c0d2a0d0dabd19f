import { Link } from "@remix-run/react";
import { BookOpen, CalendarDays, Library, Mic, Sun } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";

/** SPEC §2's five tiles, in its order. */
const tiles = [
  {
    // SPEC's tile title for the screen the sidebar calls Add Content: the description names it.
    title: "Process Sermon",
    description: "Add Content: a sermon or article made into key insights",
    to: "/process-sermon",
    icon: Mic,
  },
  { title: "My Library", description: "Your saved content and lesson plans", to: "/library", icon: Library },
  {
    title: "Lesson Plans",
    description: "Create a lesson plan from a topic or passage",
    to: "/lesson-plans",
    icon: BookOpen,
  },
  {
    title: "Reading Plans",
    description: "Choose a guided plan through Scripture",
    to: "/bible-plans",
    icon: CalendarDays,
  },
  { title: "Today", description: "Today's reading and devotional", to: "/today", icon: Sun },
];

/**
 * The five tiles, compact: a row of icons with their names on a phone, a row of small cards with
 * a line each on a wide screen (they repeat the sidebar, so they no longer take the page).
 */
export function GoToTiles() {
  return (
    <nav aria-labelledby="go-to-heading">
      <h2 id="go-to-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        Go to
      </h2>
      <ul className="grid grid-cols-5 gap-1 md:gap-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              prefetch="intent"
              className="flex h-full min-h-11 flex-col items-center gap-1.5 rounded-lg p-2 text-center text-xs font-medium transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:items-start md:border md:bg-card md:p-4 md:text-left md:shadow-sm md:hover:border-primary/60"
            >
              <StaticIcon icon={tile.icon} className="size-6 text-primary" />
              <span className="leading-tight md:text-base md:font-semibold">{tile.title}</span>
              <span className="hidden text-sm font-normal text-muted-foreground lg:block">{tile.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
