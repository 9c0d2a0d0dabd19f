import { and, eq, isNull } from "drizzle-orm";
import { userOnboarding } from "#db/schema";
import { getDb } from "~/db.server";
import { userRowReader } from "~/user-rows.server";
import { firstWeekDay, nextStepsFor, type NextStepKey } from "./first-week";

export const onboardingSteps = [
  "hasCompletedWelcome",
  "hasStartedPlan",
  "hasCreatedStudy",
  "hasVisitedLibrary",
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export interface OnboardingStatus {
  hasCompletedWelcome: boolean;
  hasStartedPlan: boolean;
  hasCreatedStudy: boolean;
  hasVisitedLibrary: boolean;
  onboardingCompletedAt: Date | null;
}

const onboardingRow = userRowReader(userOnboarding);

export function getOnboardingStatus(userId: string): OnboardingStatus {
  const row = onboardingRow(userId);
  return {
    hasCompletedWelcome: row.hasCompletedWelcome,
    hasStartedPlan: row.hasStartedPlan,
    hasCreatedStudy: row.hasCreatedStudy,
    hasVisitedLibrary: row.hasVisitedLibrary,
    onboardingCompletedAt: row.onboardingCompletedAt,
  };
}

/**
 * Sets onboarding flags (they only ever move from false to true) and stamps
 * onboardingCompletedAt the first time all four are true. Cheap when nothing changes.
 */
export function markOnboardingSteps(userId: string, steps: OnboardingStep[]): OnboardingStatus {
  // Pages mark their step on every visit: once it is set, that is one read and no transaction.
  const before = getOnboardingStatus(userId);
  if (steps.every((step) => before[step])) return before;
  const db = getDb();
  return db.transaction(
    () => {
      const current = getOnboardingStatus(userId);
      const missing = steps.filter((step) => !current[step]);
      if (missing.length === 0) return current;
      const next = { ...current, ...Object.fromEntries(missing.map((step) => [step, true])) } as OnboardingStatus;
      const allDone = onboardingSteps.every((step) => next[step]);
      if (allDone && !next.onboardingCompletedAt) next.onboardingCompletedAt = new Date();
      db.update(userOnboarding)
        .set({
          ...Object.fromEntries(missing.map((step) => [step, true])),
          onboardingCompletedAt: next.onboardingCompletedAt,
        })
        .where(eq(userOnboarding.userId, userId))
        .run();
      return next;
    },
    { behavior: "immediate" },
  );
}

export function markOnboardingStep(userId: string, step: OnboardingStep) {
  return markOnboardingSteps(userId, [step]);
}

/** The Quick Start is done and its congratulation not yet dismissed: it shows, whatever page finished the last step. */
export function shouldCongratulate(userId: string): boolean {
  const row = onboardingRow(userId);
  return row.onboardingCompletedAt !== null && row.quickStartDismissedAt === null;
}

export function dismissQuickStart(userId: string, now = new Date()) {
  getDb()
    .update(userOnboarding)
    .set({ quickStartDismissedAt: now })
    .where(and(eq(userOnboarding.userId, userId), isNull(userOnboarding.quickStartDismissedAt)))
    .run();
}

/**
 * Today's "what to try next" for a reader in their first week (days 2 to 7, in their time zone):
 * what they have not tried yet, or nothing once they dismissed it.
 */
export function firstWeekNextSteps(
  userId: string,
  { now = new Date(), timeZone, inGroup }: { now?: Date; timeZone: string; inGroup: boolean },
): NextStepKey[] {
  const row = onboardingRow(userId);
  return nextStepsFor({
    day: firstWeekDay(row.createdAt, now, timeZone),
    dismissed: row.nextStepsDismissedAt !== null,
    done: { lesson: row.hasCreatedStudy, group: inGroup, library: row.hasVisitedLibrary },
  });
}

export function dismissNextSteps(userId: string, now = new Date()) {
  getDb()
    .update(userOnboarding)
    .set({ nextStepsDismissedAt: now })
    .where(and(eq(userOnboarding.userId, userId), isNull(userOnboarding.nextStepsDismissedAt)))
    .run();
}
