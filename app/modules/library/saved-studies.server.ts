import { and, desc, eq } from "drizzle-orm";
import { librarySaves, studies, type StudyType } from "#db/schema";
import { getDb } from "~/db.server";

export interface SavedStudy {
  id: string;
  createdAt: Date;
  study: { id: string; title: string; studyType: StudyType; content: string };
}

/** The lesson plans the user saved to their library, newest save first (SPEC §3 library list entry). */
export function listSavedStudies(userId: string): SavedStudy[] {
  return getDb()
    .select({
      id: librarySaves.id,
      createdAt: librarySaves.createdAt,
      studyId: studies.id,
      title: studies.title,
      studyType: studies.studyType,
      content: studies.content,
    })
    .from(librarySaves)
    .innerJoin(studies, and(eq(studies.id, librarySaves.studyId), eq(studies.userId, userId)))
    .where(eq(librarySaves.userId, userId))
    .orderBy(desc(librarySaves.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      study: { id: row.studyId, title: row.title, studyType: row.studyType, content: row.content },
    }));
}
