const registeredFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  // The same answer on the server and in the browser, so hydration never disagrees.
  timeZone: "UTC",
});

/** SPEC §9: "MMM d, yyyy", like Jan 5, 2025. */
export function formatRegistered(iso: string) {
  return registeredFormat.format(new Date(iso));
}

const untilFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** When a limit ends, like "Jan 5, 14:05 UTC". */
export function formatUntil(iso: string) {
  return `${untilFormat.format(new Date(iso))} UTC`;
}

/** "in 2 min", "in 1 h 5 min": the time left until `until`, from `from` (when the list was read). */
export function formatTimeLeft(until: string, from: string) {
  const minutes = Math.ceil((Date.parse(until) - Date.parse(from)) / 60_000);
  if (minutes < 1) return "in under a minute";
  if (minutes < 60) return `in ${minutes} min`;
  const rest = minutes % 60;
  return `in ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}
