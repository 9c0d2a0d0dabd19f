import { z } from "zod";
import { profileUpdateSchema } from "~/modules/profile/schemas";
import { firstPlans } from "./first-plan";
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
 * only from the no-JavaScript forms, which go back where they came from. The welcome's Get Started
 * sends `intent: "start"` with its answer to "How much time a day?"; the dashboard's congratulation
 * and Today's "what to try next" are dismissed with their own intents.
 */
export const onboardingFormSchema = z
  .object({
    intent: z
      .enum(["step", "start", "dismiss-quick-start", "dismiss-next-steps"], { error: "Unknown onboarding step" })
      .default("step"),
    step: z.enum(["hasCompletedWelcome", "hasVisitedLibrary"], { error: "Unknown onboarding step" }).optional(),
    redirectTo: localPathSchema.optional(),
    // The welcome asks what to call the reader (optional: an empty field is not sent).
    displayName: profileUpdateSchema.shape.displayName,
    minutes: z.coerce
      .number({ error: "minutes: choose how much time a day" })
      .int()
      .refine((minutes) => firstPlans.minuteChoices.includes(minutes), "minutes: choose one of the answers offered")
      .optional(),
  })
  .refine((form) => form.intent.startsWith("dismiss-") || form.step, {
    error: "Unknown onboarding step",
    path: ["step"],
  });
