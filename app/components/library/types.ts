import type { ContentType } from "#db/schema";

/** A content item as the library page shows it. */
export interface LibraryItem {
  id: string;
  title: string;
  contentType: ContentType;
  label: string;
  link: string | null;
  authorName: string | null;
  sourceTitle: string | null;
  excerpt: { kind: "summary" | "transcript"; text: string };
  insights: string[];
  book: { coverUrl: string | null; title: string; amazonUrl: string } | null;
  date: string;
}

/** A saved lesson plan as the library page shows it. */
export interface SavedStudyEntry {
  id: string;
  date: string;
  study: { id: string; title: string; studyType: "topic" | "passage"; preview: string };
}

/** What the library's action answers a fetcher (add, delete, save, remove). */
export type LibraryActionResult =
  | { ok: true; intent: "add"; id: string; title: string; label: string }
  | { ok: true; intent: "delete"; id: string }
  | { ok: true; intent: "save" | "remove"; id: string; studyId: string; saved: boolean }
  // A module's refusal names no field; only the form's own check does.
  | { ok: false; intent: string; id: string; error: string; fieldErrors?: Record<string, string[]> };
