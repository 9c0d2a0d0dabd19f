import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

// Timestamps are stored as milliseconds since the epoch; drizzle hands them out as Date objects,
// which serialize to ISO strings in JSON answers.
const timestampNow = (name: string) =>
  integer(name, { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

const createdAt = () => timestampNow("created_at");

/** A required link to the row this one belongs to, deleted with it. */
const belongsTo = (name: string, column: () => AnySQLiteColumn) =>
  text(name).notNull().references(column, { onDelete: "cascade" });

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    lastActiveAt: integer("last_active_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // The Admin Console and GET /api/admin/users page through users newest first.
  (table) => [index("users_created_at_idx").on(table.createdAt)],
);

// The cookie and the bearer token carry a random secret; only its SHA-256 is stored here,
// so a copy of the database cannot be used to sign in.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

export const userProfiles = sqliteTable("user_profiles", {
  id: id(),
  userId: belongsTo("user_id", () => users.id).unique(),
  favoriteTeachers: text("favorite_teachers", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  studyDepthPreference: text("study_depth_preference", {
    enum: ["beginner", "intermediate", "advanced"],
  })
    .notNull()
    .default("intermediate"),
  denomination: text("denomination"),
  // What the app and a user's groups call them; the email's local part stands in while it is unset.
  displayName: text("display_name"),
  // IANA zone sent by the browser; streaks and "today" are judged in it (UTC when unknown).
  timeZone: text("time_zone"),
  // Where the Bible reader was last open (any device), so /bible opens there again.
  biblePlace: text("bible_place", { mode: "json" }).$type<{ book: string; chapter: number; translation: string }>(),
  createdAt: createdAt(),
  updatedAt: timestampNow("updated_at"),
});

export const userOnboarding = sqliteTable("user_onboarding", {
  id: id(),
  userId: belongsTo("user_id", () => users.id).unique(),
  hasCompletedWelcome: integer("has_completed_welcome", { mode: "boolean" }).notNull().default(false),
  hasStartedPlan: integer("has_started_plan", { mode: "boolean" }).notNull().default(false),
  hasCreatedStudy: integer("has_created_study", { mode: "boolean" }).notNull().default(false),
  hasVisitedLibrary: integer("has_visited_library", { mode: "boolean" }).notNull().default(false),
  onboardingCompletedAt: integer("onboarding_completed_at", {
    mode: "timestamp_ms",
  }),
  /** When the reader dismissed the Quick Start's congratulation (it stays until then, whatever page finished it). */
  quickStartDismissedAt: integer("quick_start_dismissed_at", { mode: "timestamp_ms" }),
  /** When the reader dismissed Today's "what to try next" of their first week (never shown again). */
  nextStepsDismissedAt: integer("next_steps_dismissed_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const aiSettings = sqliteTable("ai_settings", {
  id: id(),
  model: text("model").notNull().default("gpt-4o"),
  tone: text("tone").notNull().default("Pastoral"),
  beginnerWordLimit: integer("beginner_word_limit").notNull().default(300),
  intermediateWordLimit: integer("intermediate_word_limit").notNull().default(500),
  deepStudyWordLimit: integer("deep_study_word_limit").notNull().default(800),
  translation: text("translation").notNull().default("NKJV"),
  writingStyle: text("writing_style").notNull().default("Conversational"),
  citationFormat: text("citation_format").notNull().default("Inline"),
  targetAudience: text("target_audience").notNull().default("Mixed"),
  languageComplexity: text("language_complexity").notNull().default("Moderate"),
  createdAt: createdAt(),
  updatedAt: timestampNow("updated_at"),
});

// Server-wide settings that are not the AI settings (whose shape the API fixes), one row a key.
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestampNow("updated_at"),
});

// Invite codes for SIGNUP_MODE=invite. The code is shown to the admin once; only its SHA-256 is
// kept (like session tokens), with its first characters so the admin can tell invites apart.
export const invites = sqliteTable(
  "invites",
  {
    id: id(),
    codeHash: text("code_hash").notNull().unique(),
    hint: text("hint").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("invites_expires_at_idx").on(table.expiresAt)],
);

// One-time password reset links (an admin's link, or the "Forgot password?" mail). Like invites,
// only the token's SHA-256 is kept; a link works once and for 24 hours.
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

// Abuse-limit counters (sign-in failures, sign-ups per address), shared by every process that
// serves the database. Rows past expires_at mean nothing and are swept (rate-limit-store.server.ts).
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    windowStart: integer("window_start").notNull(),
    blockedUntil: integer("blocked_until"),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index("rate_limits_expires_at_idx").on(table.expiresAt),
  ],
);

// Work that must run once across every process serving the database (several `npm start`
// workers): the holder of a key's lease does it, the others wait for its result. A holder renews
// its lease while it works, so a process that dies frees the key when the lease expires.
export const leases = sqliteTable(
  "leases",
  {
    key: text("key").primaryKey(),
    owner: text("owner").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("leases_expires_at_idx").on(table.expiresAt)],
);

// Study generations under way, counted per user across processes; leased like the rows above.
export const runningGenerations = sqliteTable(
  "running_generations",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("running_generations_user_idx").on(table.userId, table.expiresAt)],
);

export const authors = sqliteTable(
  "authors",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    name: text("name").notNull(),
    bio: text("bio"),
    photoUrl: text("photo_url"),
    denomination: text("denomination"),
    website: text("website"),
    isFavorite: integer("is_favorite", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("authors_user_id_idx").on(table.userId)],
);

export const books = sqliteTable(
  "books",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    authorId: text("author_id").references(() => authors.id, {
      onDelete: "set null",
    }),
    asin: text("asin").notNull(),
    title: text("title").notNull(),
    authorName: text("author_name"),
    coverUrl: text("cover_url"),
    amazonUrl: text("amazon_url").notNull(),
    price: text("price"),
    rating: text("rating"),
    createdAt: createdAt(),
  },
  (table) => [index("books_user_id_idx").on(table.userId), index("books_author_id_idx").on(table.authorId)],
);

export const bookSearchCache = sqliteTable("book_search_cache", {
  id: id(),
  searchQuery: text("search_query").notNull().unique(),
  results: text("results", { mode: "json" }).notNull(),
  createdAt: createdAt(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export const contentTypes = ["book", "blog", "quote", "audio"] as const;
export type ContentType = (typeof contentTypes)[number];

/**
 * The library's items (processed sermons, videos and articles, quotes, book excerpts). The spec
 * names the table `sermons` and the API `/api/sermons`: those names stay the external contract,
 * mapped here and in the api.sermons routes; the code calls them library items.
 */
export const libraryItems = sqliteTable(
  "sermons",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    authorId: text("author_id").references(() => authors.id, {
      onDelete: "set null",
    }),
    bookId: text("book_id").references(() => books.id, {
      onDelete: "set null",
    }),
    title: text("title").notNull(),
    url: text("url"),
    transcript: text("transcript").notNull(),
    contentType: text("content_type", { enum: contentTypes }).notNull(),
    source: text("source"),
    sourceTitle: text("source_title"),
    authorName: text("author_name"),
    aiSummary: text("ai_summary"),
    aiLearningBites: text("ai_learning_bites", { mode: "json" }).$type<string[]>(),
    aiProvider: text("ai_provider"),
    aiModel: text("ai_model"),
    createdAt: createdAt(),
  },
  (table) => [
    index("sermons_user_created_idx").on(table.userId, table.createdAt),
    index("sermons_author_id_idx").on(table.authorId),
    index("sermons_book_id_idx").on(table.bookId),
  ],
);

export const studyTypes = ["topic", "passage"] as const;
export type StudyType = (typeof studyTypes)[number];

export const studies = sqliteTable(
  "studies",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    title: text("title").notNull(),
    content: text("content").notNull(),
    studyType: text("study_type", { enum: studyTypes }).notNull(),
    // What the user asked for: the topic or the passage reference.
    input: text("input").notNull().default(""),
    translation: text("translation"),
    aiProvider: text("ai_provider").notNull().default("builtin"),
    aiModel: text("ai_model").notNull().default("builtin"),
    createdAt: createdAt(),
  },
  (table) => [index("studies_user_created_idx").on(table.userId, table.createdAt)],
);

export const librarySaves = sqliteTable(
  "library_saves",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    studyId: belongsTo("study_id", () => studies.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("library_saves_user_study_idx").on(table.userId, table.studyId),
    index("library_saves_user_created_idx").on(table.userId, table.createdAt),
    index("library_saves_study_id_idx").on(table.studyId),
  ],
);

export const readingPlans = sqliteTable("reading_plans", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  daysCount: integer("days_count").notNull(),
  planType: text("plan_type").notNull(),
  createdAt: createdAt(),
});

export const planDays = sqliteTable(
  "plan_days",
  {
    id: id(),
    planId: belongsTo("plan_id", () => readingPlans.id),
    dayNumber: integer("day_number").notNull(),
    referencesJson: text("references_json", { mode: "json" }).$type<string[]>().notNull(),
  },
  (table) => [uniqueIndex("plan_days_plan_day_idx").on(table.planId, table.dayNumber)],
);

export const userPlans = sqliteTable(
  "user_plans",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    planId: belongsTo("plan_id", () => readingPlans.id),
    translation: text("translation").notNull().default("NKJV"),
    startDate: timestampNow("start_date"),
    // The most recently activated plan is the user's active one; earlier plans keep their progress.
    activatedAt: timestampNow("activated_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("user_plans_user_plan_idx").on(table.userId, table.planId),
    index("user_plans_user_activated_idx").on(table.userId, table.activatedAt),
    index("user_plans_plan_id_idx").on(table.planId),
  ],
);

export const userPlanProgress = sqliteTable(
  "user_plan_progress",
  {
    id: id(),
    userPlanId: belongsTo("user_plan_id", () => userPlans.id),
    dayNumber: integer("day_number").notNull(),
    completedAt: timestampNow("completed_at"),
  },
  (table) => [
    uniqueIndex("user_plan_progress_plan_day_idx").on(table.userPlanId, table.dayNumber),
    index("user_plan_progress_plan_completed_idx").on(table.userPlanId, table.completedAt),
  ],
);

export const devotionalLevels = ["beginner", "intermediate", "deep"] as const;
export type DevotionalLevel = (typeof devotionalLevels)[number];

// Devotionals are the same for every reader of a plan day, so they are generated once per
// (day, level, translation, settings) and shared.
export const devotionals = sqliteTable(
  "devotionals",
  {
    id: id(),
    planDayId: belongsTo("plan_day_id", () => planDays.id),
    level: text("level", { enum: devotionalLevels }).notNull(),
    translation: text("translation").notNull(),
    settingsKey: text("settings_key").notNull(),
    content: text("content").notNull(),
    aiProvider: text("ai_provider").notNull(),
    aiModel: text("ai_model").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("devotionals_key_idx").on(table.planDayId, table.level, table.translation, table.settingsKey),
  ],
);

// Small groups (issue 18). A group has exactly one leader (the partial unique index); when the
// leader's membership goes (they leave, or their account is deleted) a trigger in migration 0005
// hands leadership to the longest-standing member, or removes the group when nobody is left.
export const groups = sqliteTable("groups", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  // Shown to the leader, so kept as is (unlike sign-up invites): random, and replaced on demand.
  inviteCode: text("invite_code").notNull().unique(),
  // The group's reading plan, read together from plan_start_date ("YYYY-MM-DD") on.
  planId: text("plan_id").references(() => readingPlans.id, { onDelete: "set null" }),
  planStartDate: text("plan_start_date"),
  createdAt: createdAt(),
});

export const groupRoles = ["leader", "member"] as const;
export type GroupRole = (typeof groupRoles)[number];

export const groupMembers = sqliteTable(
  "group_members",
  {
    groupId: belongsTo("group_id", () => groups.id),
    userId: belongsTo("user_id", () => users.id),
    role: text("role", { enum: groupRoles }).notNull().default("member"),
    // The member's streak and today's reading are shown to the group unless they hide them.
    hideProgress: integer("hide_progress", { mode: "boolean" }).notNull().default(false),
    joinedAt: timestampNow("joined_at"),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_members_user_idx").on(table.userId),
    uniqueIndex("group_members_one_leader_idx")
      .on(table.groupId)
      .where(sql`role = 'leader'`),
  ],
);

// A lesson plan the leader shares with a group; it goes with the group or the study.
export const groupStudies = sqliteTable(
  "group_studies",
  {
    groupId: belongsTo("group_id", () => groups.id),
    studyId: belongsTo("study_id", () => studies.id),
    sharedAt: timestampNow("shared_at"),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.studyId] }),
    index("group_studies_study_idx").on(table.studyId),
  ],
);

export const verseNoteKinds = ["note", "highlight", "bookmark"] as const;
export type VerseNoteKind = (typeof verseNoteKinds)[number];
export const highlightColors = ["yellow", "green", "blue", "pink", "purple"] as const;
export type HighlightColor = (typeof highlightColors)[number];

// A reader's note, highlight or bookmark on a verse or a range of verses of one book. The range is
// two verse ids (book order * 1,000,000 + chapter * 1,000 + verse), so "touching John 3:16" is an
// integer overlap read from the (user_id, start_verse) index. A note may be shared with one group
// its author belongs to (set back to null when the author leaves it).
export const verseNotes = sqliteTable(
  "verse_notes",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: verseNoteKinds }).notNull(),
    startVerse: integer("start_verse").notNull(),
    endVerse: integer("end_verse").notNull(),
    body: text("body"),
    color: text("color", { enum: highlightColors }),
    label: text("label"),
    groupId: text("group_id").references(() => groups.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestampNow("updated_at"),
  },
  (table) => [
    index("verse_notes_user_verse_idx").on(table.userId, table.startVerse),
    index("verse_notes_user_created_idx").on(table.userId, table.createdAt),
    index("verse_notes_group_idx").on(table.groupId, table.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Study = typeof studies.$inferSelect;
export type VerseNote = typeof verseNotes.$inferSelect;
export type LibraryItemRow = typeof libraryItems.$inferSelect;
export type AiSettings = typeof aiSettings.$inferSelect;
