/**
 * Calendar days of many instants in one time zone, for a group page that judges every member's
 * readings in their own zone. `calendarDay` (plans/calendar.ts) asks Intl for each instant (about
 * 7 µs) and answers a string; a year of daily readings for 50 members is 18,000 of them. A zone's
 * UTC offset changes a few times a year at most, so here it is looked up once per UTC day (at its
 * start and its end, kept across requests) and reused for every instant of that day; a day on
 * which the offset changes asks `calendarDay` for each instant. Days are numbered (days since
 * 1970-01-01 on the zone's calendar), so a streak is integer steps. Tested against `calendarDay`
 * and `computeStreak`.
 */
import { calendarDay } from "~/utils/time-zone";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Offsets of about this many (zone, UTC day) pairs are kept: years of days for many zones. */
const MAX_CACHED_OFFSETS = 200_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** zone -> UTC day number -> the zone's offset through that whole day (ms), or null when it changes that day. */
const offsets = new Map<string, Map<number, number | null>>();
let cachedOffsets = 0;

/** The zone's offset from UTC at an instant, in ms (its wall clock minus UTC). */
function offsetAt(timeZone: string, instant: number): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (instant % 1000));
}

function dayNumberOf(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

/** "YYYY-MM-DD" of a day number. */
export function dayText(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Day numbers on one zone's calendar (an unknown zone counts as UTC, as in `calendarDay`). */
export function dayNumbersIn(timeZone: string): (instant: Date | number) => number {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    return dayNumbersIn("UTC");
  }
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = new Map()));
  const cache = known;
  return (instant) => {
    const time = +instant;
    const utcDay = Math.floor(time / DAY_MS);
    let offset = cache.get(utcDay);
    if (offset === undefined) {
      const start = offsetAt(timeZone, utcDay * DAY_MS);
      offset = start === offsetAt(timeZone, (utcDay + 1) * DAY_MS - 1) ? start : null;
      if (cachedOffsets >= MAX_CACHED_OFFSETS) {
        for (const zone of offsets.values()) zone.clear();
        cachedOffsets = 0;
      }
      cache.set(utcDay, offset);
      cachedOffsets += 1;
    }
    return offset === null ? dayNumberOf(calendarDay(time, timeZone)) : Math.floor((time + offset) / DAY_MS);
  };
}

/** `computeStreak`'s rule over day numbers: consecutive days ending today or yesterday. */
export function streakOfDays(days: Set<number>, today: number): number {
  let day = days.has(today) ? today : today - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}
