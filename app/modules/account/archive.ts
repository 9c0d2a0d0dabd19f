import { z } from "zod";
import { HIGHLIGHT_COLORS, MAX_LABEL_CHARS, MAX_NOTE_CHARS, NOTE_KINDS } from "~/modules/notes/schemas";

/**
 * The `data.json` of an export zip: everything of one account, with ids and dates, so an import
 * (on another install, or this one after a reinstall) restores it and recognises what it already
 * has. The same schema checks an import: every field typed and capped, unknown keys dropped.
 */
export const ARCHIVE_FORMAT = "sagacity-bites-export";
export const ARCHIVE_VERSION = 1;

/**
 * Static bounds on what one file may list; the account's own caps (MAX_ITEMS_PER_USER, counted
 * with what is already here) are checked by the import. Plans are few (the catalogue's).
 */
const MAX_ROWS = 100_000;
const MAX_READING_PLANS = 200;
const MAX_GROUPS = 200;
const id = z.string().min(1).max(100);
const date = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const nullableDate = date.nullable();
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => z.string().max(max).nullable().default(null);
/** A web address: only http(s), as the forms accept, so an import cannot plant a `javascript:` link. */
const webUrl = text(2048).refine((value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}, "must be a web address starting with http:// or https://");
const nullableWebUrl = webUrl.nullable().default(null);

/** Rows with ids: an id listed twice would be one row stored twice (the database refuses the second). */
function rows<Item extends z.ZodType<{ id: string }>>(item: Item, label: string, max = MAX_ROWS) {
  return z
    .array(item)
    .max(max)
    .default([])
    .superRefine((list, context) => {
      const seen = new Set<string>();
      for (const [index, row] of list.entries()) {
        if (seen.has(row.id)) {
          context.addIssue({ code: "custom", path: [index, "id"], message: `lists the ${label} ${row.id} twice` });
          return;
        }
        seen.add(row.id);
      }
    });
}

const profile = z.object({
  displayName: nullableText(200),
  favoriteTeachers: z.array(text(200)).max(200).default([]),
  studyDepthPreference: z.enum(["beginner", "intermediate", "advanced"]).default("intermediate"),
  denomination: nullableText(200),
  timeZone: nullableText(100),
  createdAt: date,
  updatedAt: date,
});

const onboarding = z.object({
  hasCompletedWelcome: z.boolean(),
  hasStartedPlan: z.boolean(),
  hasCreatedStudy: z.boolean(),
  hasVisitedLibrary: z.boolean(),
  onboardingCompletedAt: nullableDate,
  createdAt: date,
});

const author = z.object({
  id,
  name: text(200).min(1),
  bio: nullableText(5000),
  photoUrl: nullableWebUrl,
  denomination: nullableText(200),
  website: nullableWebUrl,
  isFavorite: z.boolean().default(false),
  createdAt: date,
});

const book = z.object({
  id,
  authorId: id.nullable().default(null),
  asin: text(100),
  title: text(300).min(1),
  authorName: nullableText(200),
  coverUrl: nullableWebUrl,
  amazonUrl: webUrl,
  price: nullableText(100),
  rating: nullableText(100),
  createdAt: date,
});

const libraryItem = z.object({
  id,
  authorId: id.nullable().default(null),
  bookId: id.nullable().default(null),
  title: text(500).min(1),
  url: nullableWebUrl,
  transcript: text(200_000),
  contentType: z.enum(["book", "blog", "quote", "audio"]),
  source: nullableText(2048),
  sourceTitle: nullableText(500),
  authorName: nullableText(500),
  aiSummary: nullableText(50_000),
  aiLearningBites: z.array(text(2000)).max(50).nullable().default(null),
  aiProvider: nullableText(100),
  aiModel: nullableText(200),
  createdAt: date,
});

const study = z.object({
  id,
  title: text(500).min(1),
  content: text(500_000).min(1),
  studyType: z.enum(["topic", "passage"]),
  input: text(1000).default(""),
  translation: nullableText(20),
  aiProvider: text(100).default("builtin"),
  aiModel: text(200).default("builtin"),
  createdAt: date,
});

const savedStudy = z.object({ id, studyId: id, createdAt: date });

const readingPlan = z.object({
  id,
  planSlug: text(200).min(1),
  planName: text(300).optional(),
  translation: text(20).default("NKJV"),
  startDate: date,
  activatedAt: date,
  createdAt: date,
  progress: z
    .array(z.object({ dayNumber: z.number().int().min(1).max(10_000), completedAt: date }))
    .max(10_000)
    .default([])
    .refine((days) => new Set(days.map((day) => day.dayNumber)).size === days.length, "lists a day twice"),
});

/**
 * One passage as an export writes it: a book's name, then a chapter, a verse or a range ("Psalm 23",
 * "John 3:16-21", "Romans 8:28-9:5", "Jude"). Checked before the parser reads it, which costs up to
 * 10 ms on a 100-character list of verses, and the file may hold thousands.
 */
const PASSAGE = /^(?:[1-3] )?[A-Za-z][A-Za-z ]{0,24}(?: \d{1,3}(?::\d{1,3})?(?:-\d{1,3}(?::\d{1,3})?)?)?$/;

/**
 * A note, highlight or bookmark, by its reference as text ("John 3:16", "Romans 8:28-9:5"): the file
 * reads as a list of passages, and the import parses each one as the reader's forms do. The group a
 * note was shared with is kept as a record only: an import does not share anything.
 */
const verseNote = z
  .object({
    id,
    kind: z.enum(NOTE_KINDS),
    reference: text(60).regex(PASSAGE, "must be one passage, like John 3:16 or Romans 8:28-9:5"),
    body: nullableText(MAX_NOTE_CHARS),
    color: z.enum(HIGHLIGHT_COLORS).nullable().default(null),
    label: nullableText(MAX_LABEL_CHARS),
    groupId: id.nullable().default(null),
    createdAt: date,
    updatedAt: date.optional(),
  })
  .refine((note) => note.kind !== "note" || Boolean(note.body?.trim()), {
    message: "a note needs its text",
    path: ["body"],
  });

/** A group the account leads (see groupsLedBy): a record for the leader, not recreated by an import. */
const group = z.looseObject({ id, name: text(300) });

export const archiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT, { error: "This is not a Sagacity Bites export (data.json has another format)" }),
  version: z.literal(ARCHIVE_VERSION, {
    error: `This export's version is not one this server reads (${ARCHIVE_VERSION})`,
  }),
  exportedAt: date,
  account: z.object({ id, email: text(254), createdAt: date }),
  profile: profile.nullable().default(null),
  onboarding: onboarding.nullable().default(null),
  authors: rows(author, "author"),
  books: rows(book, "book"),
  libraryItems: rows(libraryItem, "library item"),
  studies: rows(study, "study"),
  savedStudies: rows(savedStudy, "saved study"),
  readingPlans: rows(readingPlan, "reading plan", MAX_READING_PLANS).refine(
    (plans) => new Set(plans.map((plan) => plan.planSlug)).size === plans.length,
    "lists a plan twice",
  ),
  groups: z.array(group).max(MAX_GROUPS).default([]),
  // Added with the Bible reader (issue 32): an export made before it has none, and still imports.
  notes: rows(verseNote, "note"),
});

export type Archive = z.infer<typeof archiveSchema>;
/** What the export writes: dates as ISO strings. */
export type ArchiveInput = z.input<typeof archiveSchema>;

/** POST /api/import's answer: how many rows of each kind were added (0 for what was already there). */
export interface ImportSummary {
  added: {
    authors: number;
    books: number;
    libraryItems: number;
    studies: number;
    savedStudies: number;
    readingPlans: number;
    planDaysCompleted: number;
    /** Notes, highlights and bookmarks. */
    notes: number;
  };
  profileUpdated: boolean;
  onboardingUpdated: boolean;
}

/** The summary in words, for the settings page's toast. */
export function describeImport({ added, profileUpdated }: ImportSummary) {
  const parts = [
    [added.libraryItems, "library item"],
    [added.studies, "lesson plan"],
    [added.savedStudies, "saved study", "saved studies"],
    [added.readingPlans, "reading plan"],
    [added.planDaysCompleted, "completed reading day"],
    [added.notes, "note, highlight or bookmark", "notes, highlights and bookmarks"],
  ] as const;
  const listed = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : (many ?? `${one}s`)}`);
  if (profileUpdated) listed.push("your profile");
  return listed.length ? `Added ${listed.join(", ")}.` : "Nothing new: everything in this file was already here.";
}
