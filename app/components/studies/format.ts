const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 22, 2026": the same on the server and in the browser, whatever their locales. */
export function formatStudyDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function studyTypeLabel(studyType: string): string {
  return studyType === "passage" ? "Passage study" : "Topic study";
}
