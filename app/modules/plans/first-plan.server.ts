import { eq } from "drizzle-orm";
import { readingPlans } from "#db/schema";
import { getDb } from "~/db.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { getProfile } from "~/modules/profile/profile.server";
import { ValidationError } from "~/utils/errors";
import { firstPlans, suggestFirstPlan } from "~/modules/onboarding/first-plan";
import { DEFAULT_PLAN_TRANSLATION, levelForDepth, type DevotionLevel } from "./levels";
import { startPlan, type UserPlanSummary } from "./catalogue.server";
import { continueReading } from "./today.server";

export interface FirstPlanChoice {
  /** The answer to "How much time a day?". */
  minutes: number;
  planId: string;
  name: string;
  why: string;
}

function devotionalWords(userId: string) {
  const settings = getAiSettings();
  const words: Record<DevotionLevel, number> = {
    beginner: settings.beginnerWordLimit,
    intermediate: settings.intermediateWordLimit,
    deep: settings.deepStudyWordLimit,
  };
  return words[levelForDepth(getProfile(userId).studyDepthPreference)];
}

/** The welcome's suggestion for each answer to "How much time a day?", at the depth on the reader's profile. */
export function firstPlanChoices(userId: string): { choices: FirstPlanChoice[]; defaultMinutes: number } {
  const words = devotionalWords(userId);
  const db = getDb();
  const choices = firstPlans.minuteChoices.map((minutes) => {
    const suggested = suggestFirstPlan(minutes, words);
    const plan = db
      .select({ id: readingPlans.id, name: readingPlans.name })
      .from(readingPlans)
      .where(eq(readingPlans.slug, suggested.slug))
      .get();
    // The catalogue is seeded at start and a test checks every slug of the list against it.
    if (!plan) throw new Error(`first-plans.json names "${suggested.slug}", which is not in the catalogue`);
    return {
      minutes,
      planId: plan.id,
      name: plan.name,
      why: suggested.why,
    };
  });
  return { choices, defaultMinutes: firstPlans.defaultMinutes };
}

/**
 * "Get Started": starts the plan suggested for `minutes` a day (the default answer when none was sent), unless the reader already reads one
 * (then nothing changes and they go to it).
 */
export function startFirstPlan(
  userId: string,
  minutes = firstPlans.defaultMinutes,
): { started: UserPlanSummary | null } {
  if (continueReading(userId, { timeZone: getProfile(userId).timeZone ?? "UTC" })) return { started: null };
  const choice = firstPlanChoices(userId).choices.find((entry) => entry.minutes === minutes);
  if (!choice) throw new ValidationError("minutes: choose one of the answers offered");
  return { started: startPlan(userId, { planId: choice.planId, translation: DEFAULT_PLAN_TRANSLATION }).userPlan };
}
