// Shared with the browser: kept apart from the zod schemas so pages do not ship zod.

/** Translations a plan can be read in: the settings' choices plus the texts the app ships. */
export const planTranslations = ["NKJV", "NIV", "ESV", "KJV", "BSB", "WEB"] as const;
export type PlanTranslation = (typeof planTranslations)[number];
export const DEFAULT_PLAN_TRANSLATION: PlanTranslation = "NKJV";

export const devotionLevels = ["beginner", "intermediate", "deep"] as const;
export type DevotionLevel = (typeof devotionLevels)[number];

/** A devotional level named in a query string (Today's ?depth=); undefined for anything else. */
export function devotionLevelOf(value: string | null): DevotionLevel | undefined {
  return devotionLevels.find((level) => level === value);
}

export const devotionLevelLabels: Record<DevotionLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  deep: "Deep Study",
};

/** The profile's study depth (SPEC §3) as a devotional level: advanced reads Deep Study. */
export function levelForDepth(depth: "beginner" | "intermediate" | "advanced"): DevotionLevel {
  return depth === "advanced" ? "deep" : depth;
}
