/**
 * The streak and "today" rules, on calendar days in a reader's own time zone (utils/time-zone.ts).
 * Pure: every function takes the instant ("now") and the time zone explicitly, so tests can move
 * the clock across midnights and zones.
 */

import { calendarDay, type CalendarDay } from "~/utils/time-zone";

/** The day before a calendar day ("2025-03-01" -> "2025-02-28"). */
export function previousDay(day: CalendarDay): CalendarDay {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/**
 * Consecutive calendar days, ending today or yesterday, on which at least one reading was
 * completed. A streak that ended before yesterday is 0; several readings on one day count once.
 */
export function computeStreak(
  completions: Array<Date | number>,
  { now, timeZone }: { now: Date | number; timeZone: string },
): number {
  const days = new Set(completions.map((instant) => calendarDay(instant, timeZone)));
  const today = calendarDay(now, timeZone);
  let day = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}

export interface DayCompletion {
  dayNumber: number;
  completedAt: Date;
}

export interface PlanPosition {
  /** The day Today shows. */
  currentDay: number;
  /** Whether the day shown is completed (then Today shows the completed banner). */
  isCompleted: boolean;
  /** When the day shown was completed. */
  completedAt: Date | null;
  /** Every day of the plan is completed. */
  isPlanFinished: boolean;
  completedDays: number;
}

/**
 * Where a reader is in a self-paced plan. The current day is the first day not yet completed;
 * but a day completed today stays on Today, completed, until the reader's next calendar day, so
 * a plan moves on by at most one day a day. A finished plan stays on its last day.
 */
export function planPosition(
  { daysCount, completions }: { daysCount: number; completions: DayCompletion[] },
  { now, timeZone }: { now: Date | number; timeZone: string },
): PlanPosition {
  const done = new Set(completions.map((completion) => completion.dayNumber));
  let firstOpen: number | null = null;
  for (let day = 1; day <= daysCount; day++) {
    if (!done.has(day)) {
      firstOpen = day;
      break;
    }
  }
  const completedDays = [...done].filter((day) => day >= 1 && day <= daysCount).length;
  const latest = [...completions].sort(
    (a, b) => b.completedAt.getTime() - a.completedAt.getTime() || b.dayNumber - a.dayNumber,
  )[0];
  const today = calendarDay(now, timeZone);
  if (latest && calendarDay(latest.completedAt, timeZone) === today) {
    return {
      currentDay: latest.dayNumber,
      isCompleted: true,
      completedAt: latest.completedAt,
      isPlanFinished: firstOpen === null,
      completedDays,
    };
  }
  if (firstOpen === null) {
    const last = completions.find((completion) => completion.dayNumber === daysCount) ?? latest ?? null;
    return {
      currentDay: daysCount,
      isCompleted: true,
      completedAt: last?.completedAt ?? null,
      isPlanFinished: true,
      completedDays,
    };
  }
  return { currentDay: firstOpen, isCompleted: false, completedAt: null, isPlanFinished: false, completedDays };
}

export type CompletionCheck = { ok: true; alreadyCompleted: boolean } | { ok: false; message: string };

/** Whether a reader may mark a day complete now: the current day, or (again) an earlier one. */
export function checkCompletion(
  dayNumber: number,
  daysCount: number,
  position: PlanPosition,
  completed: Set<number>,
): CompletionCheck {
  if (dayNumber > daysCount) {
    return { ok: false, message: `This plan has ${daysCount} days; there is no day ${dayNumber}.` };
  }
  if (completed.has(dayNumber)) return { ok: true, alreadyCompleted: true };
  if (dayNumber > position.currentDay || position.isCompleted) {
    return {
      ok: false,
      message: position.isCompleted
        ? `You have already completed today's reading (day ${position.currentDay}). Day ${dayNumber} opens on your next calendar day.`
        : `Day ${dayNumber} is not open yet: today's reading is day ${position.currentDay}.`,
    };
  }
  return { ok: true, alreadyCompleted: false };
}

/**
 * Whether a plan's completions (from an imported export) are a history "Mark Complete" could have
 * made: replayed in time order, each must pass checkCompletion at its own instant (the first open
 * day, one new day per calendar day), none may come before the plan was started or after `now`.
 */
export function checkHistory(
  completions: DayCompletion[],
  { daysCount, startedAt, now, timeZone }: { daysCount: number; startedAt: Date; now: Date; timeZone: string },
): { ok: true } | { ok: false; message: string } {
  if (completions.length > daysCount) {
    return { ok: false, message: `it lists ${completions.length} completed days of a ${daysCount}-day plan` };
  }
  const ordered = [...completions].sort(
    (a, b) => a.completedAt.getTime() - b.completedAt.getTime() || a.dayNumber - b.dayNumber,
  );
  const done: DayCompletion[] = [];
  for (const completion of ordered) {
    const when = calendarDay(completion.completedAt, timeZone);
    if (completion.completedAt.getTime() > now.getTime()) {
      return { ok: false, message: `day ${completion.dayNumber} is completed on ${when}, after today` };
    }
    if (completion.completedAt.getTime() < startedAt.getTime()) {
      return { ok: false, message: `day ${completion.dayNumber} is completed on ${when}, before the plan was started` };
    }
    const position = planPosition({ daysCount, completions: done }, { now: completion.completedAt, timeZone });
    const check = checkCompletion(completion.dayNumber, daysCount, position, new Set(done.map((day) => day.dayNumber)));
    if (!check.ok) return { ok: false, message: `day ${completion.dayNumber} on ${when}: ${check.message}` };
    done.push(completion);
  }
  return { ok: true };
}
