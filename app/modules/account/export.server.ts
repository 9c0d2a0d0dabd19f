import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import {
  authors,
  books,
  groupMembers,
  groups,
  groupStudies,
  librarySaves,
  readingPlans,
  libraryItems,
  studies,
  userOnboarding,
  userPlanProgress,
  userPlans,
  userProfiles,
  users,
  verseNotes,
} from "#db/schema";
import { getDb, openDatabase } from "~/db.server";
import { selectMembers, selectMemberships } from "~/modules/groups/queries.server";
import { contentLabels } from "~/modules/library/display";
import { toNoteItem } from "~/modules/notes/notes.server";
import { runTask, type PoolTask } from "~/server/pool.server";
import { NotFoundError, TaskTimeoutError } from "~/utils/errors";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveInput } from "./archive";
import { startExport } from "./limits.server";

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The groups this account leads, with their plan, shared lessons and members' names, for the
 * export (a record for the leader: an import does not recreate groups, whose members have
 * accounts of their own).
 */
export function groupsLedBy(userId: string) {
  const led = selectMemberships({
    id: groups.id,
    name: groups.name,
    description: groups.description,
    planSlug: readingPlans.slug,
    planStartDate: groups.planStartDate,
    createdAt: groups.createdAt,
  })
    .leftJoin(readingPlans, eq(readingPlans.id, groups.planId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.role, "leader")))
    .orderBy(asc(groups.createdAt))
    .all();
  if (led.length === 0) return [];
  const ids = led.map((group) => group.id);
  const members = selectMembers().where(inArray(groupMembers.groupId, ids)).orderBy(asc(groupMembers.joinedAt)).all();
  const shared = getDb()
    .select({ groupId: groupStudies.groupId, studyId: groupStudies.studyId, sharedAt: groupStudies.sharedAt })
    .from(groupStudies)
    .where(inArray(groupStudies.groupId, ids))
    .all();
  return led.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    plan: group.planSlug ? { planSlug: group.planSlug, startDate: group.planStartDate } : null,
    createdAt: iso(group.createdAt),
    members: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({
        name: member.name,
        role: member.role,
        joinedAt: iso(member.joinedAt),
      })),
    sharedStudies: shared
      .filter((row) => row.groupId === group.id)
      .map((row) => ({ studyId: row.studyId, sharedAt: iso(row.sharedAt) })),
  }));
}

type OwnedTable = typeof authors | typeof books | typeof libraryItems | typeof studies;

/** A table's rows of one account, oldest first, without the owner (the archive is the owner's). */
function ownRows<T extends OwnedTable>(table: T, userId: string) {
  const rows = getDb()
    .select()
    .from(table as OwnedTable)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.createdAt))
    .all() as T["$inferSelect"][];
  return rows.map(({ userId: _owner, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }));
}

/** Everything of one account, as data.json holds it. */
export function collectAccountData(userId: string, now = new Date()) {
  const db = getDb();
  const account = db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account) throw new NotFoundError("User not found");
  const profile = db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).get();
  const onboarding = db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).get();
  const plans = db
    .select({ plan: userPlans, slug: readingPlans.slug, name: readingPlans.name })
    .from(userPlans)
    .innerJoin(readingPlans, eq(readingPlans.id, userPlans.planId))
    .where(eq(userPlans.userId, userId))
    .orderBy(asc(userPlans.createdAt))
    .all();
  const progress = plans.length
    ? db
        .select()
        .from(userPlanProgress)
        .where(
          inArray(
            userPlanProgress.userPlanId,
            plans.map((row) => row.plan.id),
          ),
        )
        .orderBy(asc(userPlanProgress.dayNumber))
        .all()
    : [];

  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: iso(now),
    account: { id: account.id, email: account.email, createdAt: iso(account.createdAt) },
    profile: profile
      ? {
          displayName: profile.displayName,
          favoriteTeachers: profile.favoriteTeachers,
          studyDepthPreference: profile.studyDepthPreference,
          denomination: profile.denomination,
          timeZone: profile.timeZone,
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    onboarding: onboarding
      ? {
          hasCompletedWelcome: onboarding.hasCompletedWelcome,
          hasStartedPlan: onboarding.hasStartedPlan,
          hasCreatedStudy: onboarding.hasCreatedStudy,
          hasVisitedLibrary: onboarding.hasVisitedLibrary,
          onboardingCompletedAt: isoOrNull(onboarding.onboardingCompletedAt),
          createdAt: iso(onboarding.createdAt),
        }
      : null,
    authors: ownRows(authors, userId),
    books: ownRows(books, userId),
    libraryItems: ownRows(libraryItems, userId),
    studies: ownRows(studies, userId),
    savedStudies: db
      .select({ id: librarySaves.id, studyId: librarySaves.studyId, createdAt: librarySaves.createdAt })
      .from(librarySaves)
      .where(eq(librarySaves.userId, userId))
      .orderBy(asc(librarySaves.createdAt))
      .all()
      .map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    readingPlans: plans.map(({ plan, slug, name }) => ({
      id: plan.id,
      planSlug: slug,
      planName: name,
      translation: plan.translation,
      startDate: iso(plan.startDate),
      activatedAt: iso(plan.activatedAt),
      createdAt: iso(plan.createdAt),
      progress: progress
        .filter((day) => day.userPlanId === plan.id)
        .map((day) => ({ dayNumber: day.dayNumber, completedAt: iso(day.completedAt) })),
    })),
    groups: groupsLedBy(userId),
    notes: db
      .select()
      .from(verseNotes)
      .where(eq(verseNotes.userId, userId))
      .orderBy(asc(verseNotes.createdAt), asc(sql`${verseNotes}.rowid`))
      .all()
      .map(toNoteItem)
      .map((note) => ({
        id: note.id,
        kind: note.kind,
        reference: note.reference,
        body: note.body,
        color: note.color,
        label: note.label,
        groupId: note.groupId,
        createdAt: iso(note.createdAt),
        updatedAt: iso(note.updatedAt),
      })),
  } satisfies ArchiveInput;
}

type AccountData = ReturnType<typeof collectAccountData>;

/** A file name part: lower-case words joined by hyphens, at most 60 characters. */
export function slugify(text: string) {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "untitled";
}

function fileName(folder: string, createdAt: string, title: string, id: string) {
  return `${folder}/${createdAt.slice(0, 10)}-${slugify(title)}-${id.slice(0, 8)}.md`;
}

type Study = AccountData["studies"][number];
type Item = AccountData["libraryItems"][number];

export function studyMarkdown(study: Study, saved: boolean) {
  const kind = study.studyType === "passage" ? "Passage study" : "Topic study";
  const lines = [
    `# ${study.title}`,
    "",
    `- ${kind}${study.input ? `: ${study.input}` : ""}`,
    `- Created: ${study.createdAt.slice(0, 10)}`,
    ...(study.translation ? [`- Translation: ${study.translation}`] : []),
    `- Saved to library: ${saved ? "yes" : "no"}`,
    `- Id: ${study.id}`,
    "",
    study.content.trim(),
    "",
  ];
  return lines.join("\n");
}

export function libraryItemMarkdown(item: Item, book: AccountData["books"][number] | undefined) {
  const lines = [
    `# ${item.title}`,
    "",
    `- ${contentLabels[item.contentType]}`,
    ...(item.authorName ? [`- Author: ${item.authorName}`] : []),
    ...(book ? [`- Book: ${book.title}`, `- Store: ${book.amazonUrl}`] : []),
    ...(item.source ? [`- Source: ${item.source}`] : []),
    `- Added: ${item.createdAt.slice(0, 10)}`,
    `- Id: ${item.id}`,
    "",
  ];
  if (item.aiSummary) lines.push("## Summary", "", item.aiSummary.trim(), "");
  if (item.aiLearningBites?.length) {
    lines.push("## Learning bites", "", ...item.aiLearningBites.map((bite) => `- ${bite}`), "");
  }
  const heading = item.contentType === "quote" ? "Quote" : item.contentType === "book" ? "Excerpt" : "Transcript";
  lines.push(`## ${heading}`, "", item.transcript.trim(), "");
  return lines.join("\n");
}

type Note = AccountData["notes"][number];

/** notes.md: every note, highlight and bookmark under its passage, in the order they were made. */
export function notesMarkdown(notes: Note[]) {
  const lines = ["# Notes, highlights and bookmarks", ""];
  for (const note of notes) {
    lines.push(`## ${note.reference}`, "");
    const made = note.createdAt.slice(0, 10);
    if (note.kind === "highlight") lines.push(`- Highlight (${note.color ?? "yellow"}), ${made}`, "");
    else if (note.kind === "bookmark") lines.push(`- Bookmark${note.label ? `: ${note.label}` : ""}, ${made}`, "");
    else lines.push(`- Note, ${made}`, "", (note.body ?? "").trim(), "");
  }
  return lines.join("\n");
}

/**
 * The export zip: data.json, a readable Markdown file per study and per library item, and notes.md
 * with the Bible notes, highlights and bookmarks. Read in one transaction, so the file is one moment
 * of the account even while it changes.
 */
export function buildExportZip(userId: string, now = new Date()) {
  const data = getDb().transaction(() => collectAccountData(userId, now), { behavior: "deferred" });
  const files: Zippable = { "data.json": strToU8(JSON.stringify(data, null, 2)) };
  const saved = new Set(data.savedStudies.map((save) => save.studyId));
  for (const study of data.studies) {
    files[fileName("studies", study.createdAt, study.title, study.id)] = strToU8(
      studyMarkdown(study, saved.has(study.id)),
    );
  }
  const booksById = new Map(data.books.map((book) => [book.id, book]));
  for (const item of data.libraryItems) {
    const book = item.bookId ? booksById.get(item.bookId) : undefined;
    files[fileName("library", item.createdAt, item.title, item.id)] = strToU8(libraryItemMarkdown(item, book));
  }
  if (data.notes.length > 0) files["notes.md"] = strToU8(notesMarkdown(data.notes));
  return {
    bytes: zipSync(files, { level: 6, mtime: now }),
    fileName: `sagacity-bites-export-${iso(now).slice(0, 10)}.zip`,
  };
}

/** The worker task: the zip, built on the worker's own connection to the server's database. */
export const buildExportTask = {
  name: "buildExport",
  run: ({ userId, databasePath, now }: { userId: string; databasePath: string; now: Date }) => {
    openDatabase(databasePath);
    return buildExportZip(userId, now);
  },
  timeoutError: () =>
    new TaskTimeoutError("The export took too long and was stopped. Please try again in a moment.", 503, 30),
} satisfies PoolTask;

/**
 * The export to download (GET /api/export and the settings page's button): EXPORTS_PER_HOUR an
 * hour per account, built in the worker pool.
 */
export function exportArchive(userId: string) {
  startExport(userId);
  return runTask(buildExportTask, { userId, databasePath: getDb().$client.name, now: new Date() });
}
