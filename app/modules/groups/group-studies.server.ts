import { and, eq } from "drizzle-orm";
import { groupStudies, studies, type Study } from "#db/schema";
import { getDb } from "~/db.server";
import { saveStudyToLibrary, savedStudyIds } from "~/modules/library/saves.server";
import type { StudyView } from "~/modules/studies/schemas";
import { assertRoomForStudy, getStudy, toStudyView } from "~/modules/studies/studies.server";
import { NotFoundError } from "~/utils/errors";
import { leadership, membership } from "./membership.server";
import { type SharedStudySummary } from "./progress.server";

const notShared = () => new NotFoundError("This lesson plan is not shared with the group");

/**
 * POST /api/groups/{id}/studies (leader): shares one of the leader's own lesson plans with the
 * group. Sharing it again changes nothing (`created` is false).
 */
export function shareStudy(
  userId: string,
  groupId: string,
  studyId: string,
): { study: SharedStudySummary; created: boolean } {
  leadership(userId, groupId);
  const study = getStudy(userId, studyId);
  const db = getDb();
  const inserted = db.insert(groupStudies).values({ groupId, studyId: study.id }).onConflictDoNothing().run();
  const row = db
    .select({ sharedAt: groupStudies.sharedAt })
    .from(groupStudies)
    .where(and(eq(groupStudies.groupId, groupId), eq(groupStudies.studyId, study.id)))
    .get()!;
  return {
    study: { id: study.id, title: study.title, studyType: study.studyType, sharedAt: row.sharedAt.toISOString() },
    created: inserted.changes > 0,
  };
}

/** DELETE /api/groups/{id}/studies/{studyId} (leader): the group no longer sees it; the study itself stays. */
export function unshareStudy(userId: string, groupId: string, studyId: string): { id: string; shared: false } {
  leadership(userId, groupId);
  const removed = getDb()
    .delete(groupStudies)
    .where(and(eq(groupStudies.groupId, groupId), eq(groupStudies.studyId, studyId)))
    .run();
  if (removed.changes === 0) throw notShared();
  return { id: studyId, shared: false };
}

export type SharedStudy = StudyView & { sharedAt: string };

function sharedRow(userId: string, groupId: string, studyId: string) {
  const { id, name } = membership(userId, groupId).group;
  const row = getDb()
    .select({ study: studies, sharedAt: groupStudies.sharedAt })
    .from(groupStudies)
    .innerJoin(studies, eq(studies.id, groupStudies.studyId))
    .where(and(eq(groupStudies.groupId, groupId), eq(groupStudies.studyId, studyId)))
    .get();
  if (!row) throw notShared();
  return { ...row, group: { id, name } };
}

/** GET /api/groups/{id}/studies/{studyId}: a lesson plan shared with the group, for its members only. */
export function getSharedStudy(userId: string, groupId: string, studyId: string): SharedStudy {
  const row = sharedRow(userId, groupId, studyId);
  return { ...toStudyView(row.study), sharedAt: row.sharedAt.toISOString() };
}

/** The reader's own study behind a shared one: the study itself when it is theirs, else their copy (same title and text). */
function ownCopyOf(userId: string, study: Study): string | null {
  if (study.userId === userId) return study.id;
  return (
    getDb()
      .select({ id: studies.id })
      .from(studies)
      .where(and(eq(studies.userId, userId), eq(studies.title, study.title), eq(studies.content, study.content)))
      .get()?.id ?? null
  );
}

/** A shared lesson plan for the group's reading page, with whether the reader has it in their library. */
export function readSharedStudy(userId: string, groupId: string, studyId: string) {
  const row = sharedRow(userId, groupId, studyId);
  const ownId = ownCopyOf(userId, row.study);
  return {
    group: row.group,
    study: { ...toStudyView(row.study), sharedAt: row.sharedAt.toISOString() } satisfies SharedStudy,
    isOwner: row.study.userId === userId,
    ownId,
    saved: ownId !== null && savedStudyIds(userId, [ownId]).has(ownId),
  };
}

/**
 * POST /api/groups/{id}/studies/{studyId}/save: a member keeps a shared lesson plan. The library
 * holds one's own studies, so the member gets a copy of their own (kept if the leader later
 * unshares or deletes theirs), saved to their library; saving again reuses that copy.
 */
export function saveSharedStudy(userId: string, groupId: string, studyId: string) {
  const { study } = sharedRow(userId, groupId, studyId);
  const db = getDb();
  const ownId = db.transaction(
    (tx) => {
      const existing = ownCopyOf(userId, study);
      if (existing) return existing;
      assertRoomForStudy(userId);
      return tx
        .insert(studies)
        .values({
          userId,
          title: study.title,
          content: study.content,
          studyType: study.studyType,
          input: study.input,
          translation: study.translation,
          aiProvider: study.aiProvider,
          aiModel: study.aiModel,
        })
        .returning({ id: studies.id })
        .get().id;
    },
    { behavior: "immediate" },
  );
  return saveStudyToLibrary(userId, ownId);
}
