import { Form, Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Users } from "lucide-react";
import { Progress } from "~/components/ui/progress";
import type { GroupPlanOffer } from "~/modules/groups/group-plan.server";
import { Streak } from "./streak";

/** The group's day, said only when it is not the reader's own (the group is ahead or behind). */
function groupDay(offer: GroupPlanOffer, readerDay: number) {
  if (offer.status === "upcoming") return " (starts soon)";
  if (offer.status === "finished") return " (finished)";
  return offer.currentDay === readerDay ? "" : ` (group day ${offer.currentDay})`;
}

/**
 * One group in a few words: the group this plan is read with, or another plan a group reads,
 * with a small button to read it with them (Reading Plans' own form).
 */
function GroupNote({ offer, readerDay, timeZone }: { offer: GroupPlanOffer; readerDay: number; timeZone: string }) {
  if (offer.isActivePlan) {
    return (
      <span className="flex min-w-0 flex-1 items-center gap-1.5">
        <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="truncate">
          With <span className="font-medium">{offer.groupName}</span>
          {groupDay(offer, readerDay)}
        </span>
      </span>
    );
  }
  return (
    <Form method="post" action="/bible-plans" className="inline-flex flex-wrap items-center gap-1.5">
      <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {offer.groupName} reads <span className="font-medium">{offer.planName}</span>
      </span>
      <input type="hidden" name="planId" value={offer.planId} />
      <input type="hidden" name="timeZone" value={timeZone} />
      <button
        type="submit"
        className="tap-target rounded-md font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Read with {offer.groupName}
      </button>
    </Form>
  );
}

/**
 * The line at the top of the reading: the streak, the groups, how far through the plan (with a
 * thin bar), and the days around when there are any: one line on a phone where it used to be three cards.
 */
export function ReadingProgress({
  shownDay,
  currentDay,
  daysCount,
  completedDays,
  streak,
  groups,
  timeZone,
  hrefForDay,
}: {
  shownDay: number;
  currentDay: number;
  daysCount: number;
  completedDays: number;
  streak: number;
  groups: GroupPlanOffer[];
  timeZone: string;
  hrefForDay: (day: number) => string;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <Streak streak={streak} />
        {groups.map((offer) => (
          <GroupNote key={offer.groupId} offer={offer} readerDay={currentDay} timeZone={timeZone} />
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Progress value={completedDays} max={daysCount} label="Plan progress" className="h-1.5 flex-1" />
        <span className="shrink-0 text-xs text-muted-foreground">
          {completedDays} of {daysCount} completed
        </span>
      </div>
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
            <Link
              to={hrefForDay(shownDay + 1)}
              className="inline-flex min-h-11 items-center gap-1 rounded-md pl-2 font-medium text-primary hover:underline"
            >
              Next day
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
