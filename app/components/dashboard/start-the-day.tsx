import { Link } from "@remix-run/react";
import { ArrowRight, BookOpen, CalendarDays, CheckCircle2, FileText, Flame, Users } from "lucide-react";
import { Card } from "~/components/ui/card";
import { cn } from "~/utils/cn";

export interface ContinueReading {
  planName: string;
  day: number;
  daysCount: number;
  references: string[];
  isCompleted: boolean;
}

/** The streak under the reading it comes from (nothing before the first completed day). */
function StreakLine({ streak }: { streak: number }) {
  if (streak === 0) return null;
  return (
    <span className="mt-1 flex items-center gap-1.5 text-sm font-medium">
      <Flame className="size-4 shrink-0 text-orange-600" aria-hidden="true" />
      <span>
        <span className="tabular-nums">{streak}</span> day streak
      </span>
    </span>
  );
}

/** The dashboard's first card: where the reader left off (with the streak), or where to begin. */
export function ContinueCard({ reading, streak }: { reading: ContinueReading | null; streak: number }) {
  const className =
    "group flex items-center gap-4 rounded-lg border border-primary/30 bg-accent/50 p-5 shadow-sm transition-colors hover:border-primary/60 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  if (!reading) {
    return (
      <Link to="/bible-plans" className={className}>
        <CalendarDays className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold">Choose a reading plan</span>
          <span className="block text-sm text-muted-foreground">A passage a day with a devotional at your depth.</span>
        </span>
        <ArrowRight
          className="size-5 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    );
  }
  const passage = reading.references.join("; ");
  return (
    <Link to="/today" className={className}>
      {reading.isCompleted ? (
        <CheckCircle2 className="size-8 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <BookOpen className="size-8 shrink-0 text-primary" aria-hidden="true" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-semibold">
          {reading.isCompleted ? "Read today" : "Continue"}: Day {reading.day}, {passage}
        </span>
        <span className="block text-sm text-muted-foreground">
          {reading.planName} · day {reading.day} of {reading.daysCount}
          {reading.isCompleted ? " · come back tomorrow for the next reading" : ""}
        </span>
        <StreakLine streak={streak} />
      </span>
      <ArrowRight
        className="size-5 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}

interface RecentItem {
  id: string;
  title: string;
  detail: string;
  to: string;
}

/** Each list's icon and words: its heading, what to do when it is empty, and the way to the rest. */
const recentLists = {
  lesson: {
    Icon: FileText,
    title: "Recent lesson plans",
    empty: { text: "No lesson plans yet.", link: "Create your first lesson plan", to: "/lesson-plans" },
    more: { label: "All lesson plans", to: "/lesson-plans" },
  },
  group: {
    Icon: Users,
    title: "My groups",
    empty: { text: "Not in a group yet.", link: "Start or join a group", to: "/groups" },
    more: { label: "All groups", to: "/groups" },
  },
} as const;

/** A short list of the newest lessons or the reader's groups, each a link, with what to do when there are none. */
export function RecentList({ kind, items }: { kind: keyof typeof recentLists; items: RecentItem[] }) {
  const { Icon, title, empty, more } = recentLists[kind];
  return (
    <Card className="flex flex-col p-5">
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {empty.text}{" "}
          <Link to={empty.to} className="tap-target font-medium text-primary underline-offset-4 hover:underline">
            {empty.link}
          </Link>
        </p>
      ) : (
        <ul className="-mx-2 flex-1 space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className={cn(
                  "flex min-h-11 items-start gap-3 rounded-md px-2 py-2 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                )}
              >
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{item.title}</span>
                  <span className="block text-xs text-muted-foreground">{item.detail}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        <Link
          to={more.to}
          className="tap-target mt-3 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {more.label}
        </Link>
      ) : null}
    </Card>
  );
}
