import type { ContentType } from "#db/schema";

/** SPEC §2 /library: the label of each kind of content. */
export const contentLabels: Record<ContentType, string> = {
  book: "Book Excerpt",
  blog: "Blog Post",
  quote: "Quote",
  audio: "Audio",
};

/** SPEC §9: excerpt 200 characters, 3 insights, saved study preview 150 characters. */
export const EXCERPT_LENGTH = 200;
export const SHOWN_INSIGHTS = 3;
export const STUDY_PREVIEW_LENGTH = 150;

/** Items the library page shows per list at first, and adds with each "Show more". */
export const LIBRARY_PAGE_SIZE = 20;

/** The first `length` characters, with "..." when there was more. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** What a library card shows as its text: the AI summary, else up to 200 characters of the transcript. */
export function contentExcerpt(item: { aiSummary: string | null; transcript: string }): { kind: "summary" | "transcript"; text: string } {
  if (item.aiSummary && item.aiSummary.trim()) return { kind: "summary", text: item.aiSummary };
  return { kind: "transcript", text: truncate(item.transcript, EXCERPT_LENGTH) };
}

/** At most 3 key insights, and how many more there are ("+N more insights"). */
export function insightPreview(bites: string[] | null | undefined): { shown: string[]; more: number } {
  const list = (bites ?? []).filter((bite) => typeof bite === "string" && bite.trim());
  return { shown: list.slice(0, SHOWN_INSIGHTS), more: Math.max(0, list.length - SHOWN_INSIGHTS) };
}

export function moreInsightsLabel(count: number) {
  return `+${count} more insights`;
}

/** A saved lesson plan's preview: its first 150 characters. */
export function studyPreview(content: string): string {
  return truncate(content, STUDY_PREVIEW_LENGTH);
}
