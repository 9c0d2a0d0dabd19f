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

/** GET /api/sermons lists the start of each transcript, not all of it (GET /api/sermons/{id} has it whole). */
export const LISTED_TRANSCRIPT_LENGTH = 500;

/** Items the library page shows per list at first, and adds with each "Show more". */
export const LIBRARY_PAGE_SIZE = 20;

/** The first `length` characters, with "..." when there was more. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** What a library card shows as its text: the AI summary, else up to 200 characters of the transcript. */
export function contentExcerpt(item: { aiSummary: string | null; transcript: string }): {
  kind: "summary" | "transcript";
  text: string;
} {
  if (item.aiSummary && item.aiSummary.trim()) return { kind: "summary", text: item.aiSummary };
  return { kind: "transcript", text: truncate(item.transcript, EXCERPT_LENGTH) };
}

/**
 * A listed item with its transcript cut to at most `length` characters at a word boundary (or mid-word
 * when the text has no space to cut at), and whether it was cut. The item must carry the first
 * `length + 1` characters, so a cut right before a space is known to end a word.
 */
export function withTranscriptExcerpt<Item extends { transcript: string; transcriptLength: number }>(
  item: Item,
  length = LISTED_TRANSCRIPT_LENGTH,
): Item & { transcriptTruncated: boolean } {
  if (item.transcriptLength <= length) return { ...item, transcriptTruncated: false };
  // Counted in code points, as SQLite counts transcriptLength.
  const characters = Array.from(item.transcript);
  const head = characters.slice(0, length).join("");
  const wordEnds = /\s/.test(characters[length] ?? "");
  const lastSpace = head.search(/\s\S*$/);
  const excerpt = wordEnds || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  return { ...item, transcript: excerpt.trimEnd(), transcriptTruncated: true };
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
