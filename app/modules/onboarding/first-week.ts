import { calendarDay } from "~/utils/time-zone";

/** What a new reader may try next, in the order they are offered. */
export const nextStepKeys = ["lesson", "group", "library"] as const;
export type NextStepKey = (typeof nextStepKeys)[number];

/** The days of the first week that offer "what to try next": not the first (the reading is enough), not past the seventh. */
export const NEXT_STEPS_DAYS = { first: 2, last: 7 } as const;

/** Which day of their first week a reader is on, in their own time zone: 1 on the day they signed up. */
export function firstWeekDay(signedUpAt: Date, now: Date, timeZone: string): number {
  const start = Date.parse(calendarDay(signedUpAt, timeZone));
  const today = Date.parse(calendarDay(now, timeZone));
  return Math.round((today - start) / 86_400_000) + 1;
}

/**
 * The things to suggest today: on days 2 to 7 only, never once dismissed, and only what the reader
 * has not done yet (an empty list shows nothing).
 */
export function nextStepsFor({
  day,
  dismissed,
  done,
}: {
  day: number;
  dismissed: boolean;
  done: Record<NextStepKey, boolean>;
}): NextStepKey[] {
  if (dismissed || day < NEXT_STEPS_DAYS.first || day > NEXT_STEPS_DAYS.last) return [];
  return nextStepKeys.filter((key) => !done[key]);
}
