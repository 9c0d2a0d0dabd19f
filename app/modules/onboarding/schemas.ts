import { z } from "zod";

const completed = z.literal(true, {
  error: "Onboarding steps can only be marked as completed (true)",
});

/** PATCH /api/onboarding/progress: the steps to mark done. Flags only ever move to true. */
export const onboardingProgressSchema = z
  .strictObject(
    {
      hasCompletedWelcome: completed.optional(),
      hasStartedPlan: completed.optional(),
      hasCreatedStudy: completed.optional(),
      hasVisitedLibrary: completed.optional(),
    },
    { error: (issue) => (issue.code === "invalid_type" ? "Expected an object of onboarding steps" : undefined) },
  )
  .refine((value) => Object.keys(value).length > 0, {
    error: "Send at least one onboarding step to mark as completed",
  });

export type OnboardingProgressInput = z.infer<typeof onboardingProgressSchema>;

/** SPEC §4: the Quick Start checklist, one item per onboarding flag, in this order. */
export const quickStartItems = [
  { step: "hasCompletedWelcome", key: "welcome", label: "Get familiar with the product", to: null },
  { step: "hasStartedPlan", key: "plan", label: "Start a reading plan", to: "/bible-plans" },
  { step: "hasCreatedStudy", key: "study", label: "Create a lesson plan", to: "/lesson-plans" },
  { step: "hasVisitedLibrary", key: "library", label: "Save to your library", to: "/library" },
] as const;

/** Cookie holding the id of the user who collapsed the checklist in this browser (read on the server, so no flash). */
export const QUICK_START_COLLAPSED_COOKIE = "sb_quick_start_collapsed";
