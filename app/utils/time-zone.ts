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
