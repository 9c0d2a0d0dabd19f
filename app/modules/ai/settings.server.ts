import { aiSettings } from "#db/schema";
import { getDb, preparedQuery } from "~/db.server";
import { defaultAiSettings, type AiSettingsInput } from "./settings";

export type AiSettings = AiSettingsInput;

// Read for every devotional shown (its cache key); another process may change it, so it is read each time.
const settingsRow = preparedQuery((db) => db.select().from(aiSettings).prepare());

/** The single row of AI settings (seeded at start-up); the defaults when it is missing. Never writes. */
export function getAiSettings(): AiSettings {
  const row = settingsRow().get();
  if (!row) return { ...defaultAiSettings };
  return {
    model: row.model,
    tone: row.tone as AiSettings["tone"],
    beginnerWordLimit: row.beginnerWordLimit,
    intermediateWordLimit: row.intermediateWordLimit,
    deepStudyWordLimit: row.deepStudyWordLimit,
    translation: row.translation as AiSettings["translation"],
    writingStyle: row.writingStyle as AiSettings["writingStyle"],
    citationFormat: row.citationFormat as AiSettings["citationFormat"],
    targetAudience: row.targetAudience as AiSettings["targetAudience"],
    languageComplexity: row.languageComplexity as AiSettings["languageComplexity"],
  };
}

/** Replaces the settings with already-validated values (see aiSettingsSchema). */
export function updateAiSettings(values: AiSettingsInput): AiSettings {
  const db = getDb();
  const updated = db
    .update(aiSettings)
    .set({ ...values, updatedAt: new Date() })
    .run();
  // The row is seeded at start-up; should it be gone, saving recreates it.
  if (updated.changes === 0)
    db.insert(aiSettings)
      .values({ ...values, updatedAt: new Date() })
      .run();
  return getAiSettings();
}
