import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import {
  authors,
  books,
  librarySaves,
  readingPlans,
  sermons,
  studies,
  userOnboarding,
  userPlanProgress,
  userPlans,
  userProfiles,
} from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb, type Db } from "~/db.server";
import { validationErrorFrom } from "~/utils/api.server";
import { ConflictError, PayloadTooLargeError, ValidationError } from "~/utils/errors";
import { archiveSchema, type Archive, type ImportSummary } from "./archive";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const NOT_A_ZIP = "This file is not a Sagacity Bites export: upload the .zip that Export my data gave you.";
/** More entries than any export holds (two files per item, studies and items capped per account). */
const MAX_ENTRIES = 25_000;

function megabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * data.json from an export zip, checked. Only that entry is ever inflated, and only when its
 * declared size is within IMPORT_MAX_JSON_BYTES: the output buffer is that size, so an entry that
 * lies about its size (a zip bomb) is cut there and fails to parse. Names are never used as paths.
 */
export function readArchive(bytes: Uint8Array): Archive {
  const config = getConfig();
  if (bytes.length > config.IMPORT_MAX_BYTES) {
    throw new PayloadTooLargeError(`The file is too large (limit ${megabytes(config.IMPORT_MAX_BYTES)})`);
  }
  // A zip starts with a local file header (or, empty, with the end of its directory).
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ValidationError(NOT_A_ZIP);
  let entries = 0;
  let dataEntries = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        if (entries > MAX_ENTRIES) throw new ValidationError(`The zip holds too many files (over ${MAX_ENTRIES}).`);
        if (file.name !== "data.json") return false;
        dataEntries += 1;
        if (dataEntries > 1) throw new ValidationError("The zip holds data.json more than once.");
        if (file.originalSize > config.IMPORT_MAX_JSON_BYTES) {
          throw new PayloadTooLargeError(
            `data.json is too large once unpacked (limit ${megabytes(config.IMPORT_MAX_JSON_BYTES)})`,
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ValidationError || error instanceof PayloadTooLargeError) throw error;
    throw new ValidationError(NOT_A_ZIP);
  }
  const json = files["data.json"];
  if (!json) throw new ValidationError(`${NOT_A_ZIP} (it has no data.json)`);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw new ValidationError("The export's data.json is damaged (it is not valid JSON).");
  }
  const parsed = archiveSchema.safeParse(data);
  if (!parsed.success) {
    const error = validationErrorFrom(parsed.error);
    throw new ValidationError(`The export's data.json is not valid: ${error.message}`, error.details?.fieldErrors);
  }
  return parsed.data;
}

/** The id a row of this account gets: its exported id, unless another account holds that one. */
function derivedId(userId: string, id: string) {
  const hex = crypto.createHash("sha256").update(`${userId}:${id}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type OwnedTable = typeof authors | typeof books | typeof sermons | typeof studies | typeof userPlans;

/**
 * Where an exported row lives in this database: `exists` when this account already has it (a
 * second import, or the same install), else the id to insert it under. An id another account
 * holds (two people importing one file) is replaced by one derived from both, the same each time.
 */
function placeRow(tx: Tx, table: OwnedTable, userId: string, id: string) {
  const owner = tx.select({ userId: table.userId }).from(table).where(eq(table.id, id)).get();
  if (!owner) return { id, exists: false };
  if (owner.userId === userId) return { id, exists: true };
  const derived = derivedId(userId, id);
  const again = tx.select({ userId: table.userId }).from(table).where(eq(table.id, derived)).get();
  return { id: derived, exists: again !== undefined };
}

function countOf(tx: Tx, table: typeof sermons | typeof studies, userId: string) {
  return (
    tx
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.userId, userId))
      .get()?.count ?? 0
  );
}

function mergeProfile(tx: Tx, userId: string, profile: NonNullable<Archive["profile"]>) {
  tx.insert(userProfiles).values({ userId }).onConflictDoNothing().run();
  const current = tx.select().from(userProfiles).where(eq(userProfiles.userId, userId)).get()!;
  const teachers = [...current.favoriteTeachers];
  for (const name of profile.favoriteTeachers) {
    if (!teachers.some((known) => known.toLowerCase() === name.toLowerCase())) teachers.push(name);
  }
  const next = {
    favoriteTeachers: teachers,
    studyDepthPreference: profile.studyDepthPreference,
    denomination: profile.denomination ?? current.denomination,
    displayName: profile.displayName ?? current.displayName,
    timeZone: profile.timeZone ?? current.timeZone,
  };
  const changed =
    JSON.stringify(next.favoriteTeachers) !== JSON.stringify(current.favoriteTeachers) ||
    next.studyDepthPreference !== current.studyDepthPreference ||
    next.denomination !== current.denomination ||
    next.displayName !== current.displayName ||
    next.timeZone !== current.timeZone;
  if (changed)
    tx.update(userProfiles)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(userProfiles.userId, userId))
      .run();
  return changed;
}

function mergeOnboarding(tx: Tx, userId: string, onboarding: NonNullable<Archive["onboarding"]>) {
  tx.insert(userOnboarding).values({ userId }).onConflictDoNothing().run();
  const current = tx.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).get()!;
  const next = {
    hasCompletedWelcome: current.hasCompletedWelcome || onboarding.hasCompletedWelcome,
    hasStartedPlan: current.hasStartedPlan || onboarding.hasStartedPlan,
    hasCreatedStudy: current.hasCreatedStudy || onboarding.hasCreatedStudy,
    hasVisitedLibrary: current.hasVisitedLibrary || onboarding.hasVisitedLibrary,
    onboardingCompletedAt: current.onboardingCompletedAt ?? onboarding.onboardingCompletedAt,
  };
  const changed =
    next.hasCompletedWelcome !== current.hasCompletedWelcome ||
    next.hasStartedPlan !== current.hasStartedPlan ||
    next.hasCreatedStudy !== current.hasCreatedStudy ||
    next.hasVisitedLibrary !== current.hasVisitedLibrary ||
    next.onboardingCompletedAt?.getTime() !== current.onboardingCompletedAt?.getTime();
  if (changed) tx.update(userOnboarding).set(next).where(eq(userOnboarding.userId, userId)).run();
  return changed;
}

/**
 * Adds an export's rows to this account, all in one transaction: a refusal part-way (the item
 * limit) leaves nothing behind. Rows already here (by id) are left as they are, so a second
 * import of the same file adds nothing. Reading plans are matched by their slug, authors also
 * by name; groups are not imported yet.
 */
export function importArchive(userId: string, archive: Archive): ImportSummary {
  const max = getConfig().MAX_ITEMS_PER_USER;
  const added: ImportSummary["added"] = {
    authors: 0,
    books: 0,
    libraryItems: 0,
    studies: 0,
    savedStudies: 0,
    readingPlans: 0,
    planDaysCompleted: 0,
  };
  return getDb().transaction(
    (tx) => {
      const authorIds = new Map<string, string>();
      for (const author of archive.authors) {
        const place = placeRow(tx, authors, userId, author.id);
        if (!place.exists) {
          const sameName = tx
            .select({ id: authors.id })
            .from(authors)
            .where(and(eq(authors.userId, userId), sql`lower(${authors.name}) = lower(${author.name})`))
            .get();
          if (sameName) {
            authorIds.set(author.id, sameName.id);
            continue;
          }
          tx.insert(authors)
            .values({ ...author, id: place.id, userId })
            .run();
          added.authors += 1;
        }
        authorIds.set(author.id, place.id);
      }
      const authorOf = (id: string | null) => (id ? (authorIds.get(id) ?? null) : null);

      const bookIds = new Map<string, string>();
      for (const book of archive.books) {
        const place = placeRow(tx, books, userId, book.id);
        if (!place.exists) {
          tx.insert(books)
            .values({ ...book, id: place.id, userId, authorId: authorOf(book.authorId) })
            .run();
          added.books += 1;
        }
        bookIds.set(book.id, place.id);
      }

      const newItems = archive.libraryItems
        .map((item) => ({ item, place: placeRow(tx, sermons, userId, item.id) }))
        .filter(({ place }) => !place.exists);
      if (countOf(tx, sermons, userId) + newItems.length > max) {
        throw new ConflictError(
          `Importing would pass the limit of ${max} items in your library (${newItems.length} new). Delete some first.`,
        );
      }
      for (const { item, place } of newItems) {
        tx.insert(sermons)
          .values({
            ...item,
            id: place.id,
            userId,
            authorId: authorOf(item.authorId),
            bookId: item.bookId ? (bookIds.get(item.bookId) ?? null) : null,
          })
          .run();
        added.libraryItems += 1;
      }

      const studyIds = new Map<string, string>();
      const newStudies = archive.studies
        .map((study) => ({ study, place: placeRow(tx, studies, userId, study.id) }))
        .filter(({ study, place }) => {
          studyIds.set(study.id, place.id);
          return !place.exists;
        });
      if (countOf(tx, studies, userId) + newStudies.length > max) {
        throw new ConflictError(
          `Importing would pass the limit of ${max} lesson plans (${newStudies.length} new). Delete some first.`,
        );
      }
      for (const { study, place } of newStudies) {
        tx.insert(studies)
          .values({ ...study, id: place.id, userId })
          .run();
        added.studies += 1;
      }

      for (const save of archive.savedStudies) {
        const studyId = studyIds.get(save.studyId);
        if (!studyId) continue;
        const taken = tx.select({ id: librarySaves.id }).from(librarySaves).where(eq(librarySaves.id, save.id)).get();
        const result = tx
          .insert(librarySaves)
          .values({ id: taken ? crypto.randomUUID() : save.id, userId, studyId, createdAt: save.createdAt })
          .onConflictDoNothing()
          .run();
        added.savedStudies += result.changes;
      }

      for (const plan of archive.readingPlans) {
        const catalogue = tx
          .select({ id: readingPlans.id, daysCount: readingPlans.daysCount })
          .from(readingPlans)
          .where(eq(readingPlans.slug, plan.planSlug))
          .get();
        if (!catalogue) continue;
        let userPlanId = tx
          .select({ id: userPlans.id })
          .from(userPlans)
          .where(and(eq(userPlans.userId, userId), eq(userPlans.planId, catalogue.id)))
          .get()?.id;
        if (!userPlanId) {
          const place = placeRow(tx, userPlans, userId, plan.id);
          userPlanId = place.exists ? crypto.randomUUID() : place.id;
          tx.insert(userPlans)
            .values({
              id: userPlanId,
              userId,
              planId: catalogue.id,
              translation: plan.translation,
              startDate: plan.startDate,
              activatedAt: plan.activatedAt,
              createdAt: plan.createdAt,
            })
            .run();
          added.readingPlans += 1;
        }
        for (const day of plan.progress) {
          if (day.dayNumber > catalogue.daysCount) continue;
          const result = tx
            .insert(userPlanProgress)
            .values({ userPlanId, dayNumber: day.dayNumber, completedAt: day.completedAt })
            .onConflictDoNothing()
            .run();
          added.planDaysCompleted += result.changes;
        }
      }

      const profileUpdated = archive.profile ? mergeProfile(tx, userId, archive.profile) : false;
      const onboardingUpdated = archive.onboarding ? mergeOnboarding(tx, userId, archive.onboarding) : false;
      return { added, profileUpdated, onboardingUpdated };
    },
    { behavior: "immediate" },
  );
}

/** An uploaded export, read and imported: the summary of what was added. */
export function importExport(userId: string, bytes: Uint8Array) {
  return importArchive(userId, readArchive(bytes));
}
