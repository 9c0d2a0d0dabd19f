import { eq } from "drizzle-orm";
import { userProfiles } from "#db/schema";
import { getDb } from "~/db.server";
import { userRowReader } from "~/user-rows.server";
import { isValidTimeZone, type StudyDepth } from "./choices";

export { isValidTimeZone, type StudyDepth };

export interface Profile {
  displayName: string | null;
  favoriteTeachers: string[];
  studyDepthPreference: StudyDepth;
  denomination: string | null;
  timeZone: string | null;
}

function ensureRow(userId: string) {
  getDb().insert(userProfiles).values({ userId }).onConflictDoNothing().run();
}

const profileRow = userRowReader(userProfiles);

export function getProfile(userId: string): Profile {
  const row = profileRow(userId);
  return {
    displayName: row.displayName,
    favoriteTeachers: row.favoriteTeachers ?? [],
    studyDepthPreference: row.studyDepthPreference,
    denomination: row.denomination,
    timeZone: row.timeZone,
  };
}

/** Updates the given fields of a profile (values already validated by the caller's schema). */
export function updateProfile(userId: string, changes: Partial<Profile>): Profile {
  ensureRow(userId);
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length > 0) {
    getDb()
      .update(userProfiles)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(userProfiles.userId, userId))
      .run();
  }
  return getProfile(userId);
}

export interface BiblePlace {
  /** USFM id: JHN */
  book: string;
  chapter: number;
  /** BSB, KJV or WEB */
  translation: string;
}

/** Where the reader last had the Bible open, on any device; null before the first chapter. */
export function getBiblePlace(userId: string): BiblePlace | null {
  return profileRow(userId).biblePlace ?? null;
}

/** Keeps the reader's place (already checked by the caller: a real chapter, a shipped translation). */
export function rememberBiblePlace(userId: string, place: BiblePlace) {
  ensureRow(userId);
  getDb()
    .update(userProfiles)
    .set({ biblePlace: { book: place.book, chapter: place.chapter, translation: place.translation } })
    .where(eq(userProfiles.userId, userId))
    .run();
}
