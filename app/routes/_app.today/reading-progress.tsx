import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Progress } from "~/components/ui/progress";
import { StreakCard } from "./streak-card";

/** The line at the top of the reading: which day, how far through the plan, the streak, and the days around. */
export function ReadingProgress({
  shownDay,
  currentDay,
  daysCount,
  completedDays,
  streak,
  hrefForDay,
}: {
  shownDay: number;
  currentDay: number;
  daysCount: number;
  completedDays: number;
  streak: number;
  hrefForDay: (day: number) => string;
}) {
  return (
    <div className="space-y-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StreakCard streak={streak} />
        <p className="text-sm text-muted-foreground">
          {completedDays} of {daysCount} completed
        </p>
      </div>
      <Progress value={completedDays} max={daysCount} label="Plan progress" />
      {shownDay > 1 || shownDay < currentDay ? (
        <nav aria-label="Days of the plan" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {shownDay > 1 ? (
            <Link
              to={hrefForDay(shownDay - 1)}
              className="inline-flex min-h-11 items-center gap-1 rounded-md pr-2 font-medium text-primary hover:underline"
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              Previous day
            </Link>
          ) : (
            <span />
          )}
          {shownDay < currentDay ? (
            <div className="flex items-center gap-4">
              <Link
                to={hrefForDay(shownDay + 1)}
                className="inline-flex min-h-11 items-center gap-1 rounded-md pl-2 font-medium text-primary hover:underline"
              >
                Next day
                <ChevronRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
