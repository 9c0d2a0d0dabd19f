import { z } from "zod";
import { profileUpdateSchema } from "~/modules/profile/schemas";
import { localPathSchema } from "~/utils/local-path";

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

/**
 * The onboarding form (POST /resources/onboarding): the steps a page marks by itself. The others
 * are ticked by the actions they stand for (starting a plan, creating a study). `redirectTo` comes
 * only from the no-JavaScript form, which goes back where it came from.
 */
export const onboardingFormSchema = z.object({
  step: z.enum(["hasCompletedWelcome", "hasVisitedLibrary"], { error: "Unknown onboarding step" }),
  redirectTo: localPathSchema.optional(),
  // The welcome asks what to call the reader (optional: an empty field is not sent).
  displayName: profileUpdateSchema.shape.displayName,
});
