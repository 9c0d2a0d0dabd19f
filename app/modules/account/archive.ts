import { z } from "zod";

/**
 * The `data.json` of an export zip: everything of one account, with ids and dates, so an import
 * (on another install, or this one after a reinstall) restores it and recognises what it already
 * has. The same schema checks an import: every field typed and capped, unknown keys dropped.
 */
export const ARCHIVE_FORMAT = "sagacity-bites-export";
export const ARCHIVE_VERSION = 1;

const MAX_ROWS = 100_000;
const id = z.string().min(1).max(100);
const date = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const nullableDate = date.nullable();
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => z.string().max(max).nullable().default(null);
const rows = <Item extends z.ZodType>(item: Item) => z.array(item).max(MAX_ROWS).default([]);

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
  photoUrl: nullableText(2048),
  denomination: nullableText(200),
  website: nullableText(2048),
  isFavorite: z.boolean().default(false),
  createdAt: date,
});

const book = z.object({
  id,
  authorId: id.nullable().default(null),
  asin: text(100),
  title: text(300).min(1),
  authorName: nullableText(200),
  coverUrl: nullableText(2048),
  amazonUrl: text(2048).min(1),
  price: nullableText(100),
  rating: nullableText(100),
  createdAt: date,
});

const libraryItem = z.object({
  id,
  authorId: id.nullable().default(null),
  bookId: id.nullable().default(null),
  title: text(500).min(1),
  url: nullableText(2048),
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
    .default([]),
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
  authors: rows(author),
  books: rows(book),
  libraryItems: rows(libraryItem),
  studies: rows(study),
  savedStudies: rows(savedStudy),
  readingPlans: z.array(readingPlan).max(1000).default([]),
  groups: z.array(group).max(1000).default([]),
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
  ] as const;
  const listed = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : (many ?? `${one}s`)}`);
  if (profileUpdated) listed.push("your profile");
  return listed.length ? `Added ${listed.join(", ")}.` : "Nothing new: everything in this file was already here.";
}
