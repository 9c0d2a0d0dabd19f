/**
 * Where a group is in its reading plan: day 1 is the start date, one day a calendar day, judged
 * on the viewer's own calendar. Pure (the caller gives today's date), so tests can move the clock.
 */
import type { CalendarDay } from "~/utils/time-zone";

export type GroupPlanStatus = "upcoming" | "active" | "finished";

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumberOf(day: CalendarDay): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

/**
 * The group's day of the plan: 0 before the start date ("upcoming"), then 1, 2, ... up to the
 * plan's length; past its last day it stays on that day, "finished".
 */
export function groupPlanDay(
  startDate: CalendarDay,
  today: CalendarDay,
  daysCount: number,
): { currentDay: number; status: GroupPlanStatus } {
  const elapsed = dayNumberOf(today) - dayNumberOf(startDate);
  if (elapsed < 0) return { currentDay: 0, status: "upcoming" };
  if (elapsed + 1 > daysCount) return { currentDay: daysCount, status: "finished" };
  return { currentDay: elapsed + 1, status: "active" };
}
