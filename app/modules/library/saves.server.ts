import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { librarySaves, studies } from "#db/schema";
import { getDb } from "~/db.server";
import { countUserRows } from "~/user-rows.server";
import { markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { getStudy } from "~/modules/studies/studies.server";
import { afterCursor, toPage, type Page, type PageRequest } from "~/utils/pagination.server";

/** A saved lesson plan as GET /api/library lists it (SPEC §3). */
export interface LibrarySave {
  id: string;
  createdAt: string;
  study: { id: string; title: string; studyType: "topic" | "passage"; content: string };
}

function toSave(row: {
  id: string;
  createdAt: Date;
  studyId: string;
  title: string;
  studyType: "topic" | "passage";
  content: string;
}): LibrarySave {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    study: { id: row.studyId, title: row.title, studyType: row.studyType, content: row.content },
  };
}

const saveColumns = {
  id: librarySaves.id,
  createdAt: librarySaves.createdAt,
  studyId: studies.id,
  title: studies.title,
  studyType: studies.studyType,
  content: studies.content,
};

/**
 * A page of the user's saved lesson plans, most recently saved first. With `contentLimit`, only
 * the start of each study is read (the library page shows a 150-character preview).
 */
export function listLibrarySaves(
  userId: string,
  { limit, cursor, contentLimit }: PageRequest & { contentLimit?: number },
): Page<LibrarySave> {
  const columns = {
    ...saveColumns,
    ...(contentLimit ? { content: sql<string>`substr(${studies.content}, 1, ${contentLimit})` } : {}),
    rowid: sql<number>`${librarySaves}.rowid`,
  };
  const rows = getDb()
    .select(columns)
    .from(librarySaves)
    .innerJoin(studies, eq(studies.id, librarySaves.studyId))
    .where(
      and(
        eq(librarySaves.userId, userId),
        eq(studies.userId, userId),
        afterCursor(cursor, librarySaves.createdAt, sql`${librarySaves}.rowid`),
      ),
    )
    .orderBy(desc(librarySaves.createdAt), desc(sql`${librarySaves}.rowid`))
    .limit(limit + 1)
    .all();
  return toPage(rows, limit, toSave);
}

/** How many lesson plans the user has saved (read from the index alone). */
export function countLibrarySaves(userId: string): number {
  return countUserRows(librarySaves, userId);
}

/**
 * Saves one of the user's studies to their library; saving it again changes nothing. Another
 * user's study is not found (404). Saving counts as the "Save to your library" onboarding step.
 */
export function saveStudyToLibrary(userId: string, studyId: string): LibrarySave {
  const study = getStudy(userId, studyId);
  const db = getDb();
  const row = db.transaction(
    (tx) => {
      tx.insert(librarySaves).values({ userId, studyId: study.id }).onConflictDoNothing().run();
      markOnboardingStep(userId, "hasVisitedLibrary");
      return tx
        .select({ id: librarySaves.id, createdAt: librarySaves.createdAt })
        .from(librarySaves)
        .where(and(eq(librarySaves.userId, userId), eq(librarySaves.studyId, study.id)))
        .get()!;
    },
    { behavior: "immediate" },
  );
  return toSave({ ...row, studyId: study.id, title: study.title, studyType: study.studyType, content: study.content });
}

/** Removes a study from the user's library; removing one that is not saved is harmless. */
export function removeStudyFromLibrary(userId: string, studyId: string): { studyId: string; saved: false } {
  const study = getStudy(userId, studyId);
  getDb()
    .delete(librarySaves)
    .where(and(eq(librarySaves.userId, userId), eq(librarySaves.studyId, study.id)))
    .run();
  return { studyId: study.id, saved: false };
}

/** Which of these studies the user has saved. */
export function savedStudyIds(userId: string, studyIds: string[]): Set<string> {
  if (studyIds.length === 0) return new Set();
  const rows = getDb()
    .select({ studyId: librarySaves.studyId })
    .from(librarySaves)
    .where(and(eq(librarySaves.userId, userId), inArray(librarySaves.studyId, studyIds)))
    .all();
  return new Set(rows.map((row) => row.studyId));
}
