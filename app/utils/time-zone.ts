/**
 * The reader's time zone travels with requests so "today" and streaks follow their own calendar:
 * browser code sends it in this header (and forms in a hidden `timeZone` field).
 */
export const TIME_ZONE_HEADER = "x-time-zone";

export function timeZoneHeader(request: Request): string | undefined {
  return request.headers.get(TIME_ZONE_HEADER)?.trim() || undefined;
}

/** The browser's IANA time zone ("Europe/London"), or undefined where it cannot be read. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "YYYY-MM-DD" */
export type CalendarDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day an instant falls on in a time zone (an unknown zone counts as UTC). */
export function calendarDay(instant: Date | number, timeZone: string): CalendarDay {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone);
  } catch {
    formatter = formatterFor("UTC");
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The moment "now" for functions that judge days, passed in by tests (default: the real time). */
export interface Clock {
  now?: Date;
}
