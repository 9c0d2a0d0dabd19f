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
