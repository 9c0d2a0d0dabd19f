import { z } from "zod";
import { DEFAULT_PLAN_TRANSLATION, devotionLevels, planTranslations } from "./levels";

export { devotionLevels };
export { levelForDepth, type DevotionLevel, type PlanTranslation } from "./levels";

const timeZone = z
  .string({ error: "timeZone must be text, like Europe/London" })
  .trim()
  .min(1, "timeZone must not be empty")
  .max(64, "timeZone is too long");

export const startPlanSchema = z.object({
  planId: z.string({ error: "planId is required" }).trim().min(1, "planId is required").max(100, "planId is too long"),
  translation: z
    .string({ error: `translation must be one of ${planTranslations.join(", ")}` })
    .trim()
    .toUpperCase()
    .pipe(z.enum(planTranslations, { error: `translation must be one of ${planTranslations.join(", ")}` }))
    .default(DEFAULT_PLAN_TRANSLATION),
  timeZone: timeZone.optional(),
});

export const completeDaySchema = z.object({
  dayNumber: z
    .number({ error: "dayNumber must be a number" })
    .int("dayNumber must be a whole number")
    .min(1, "dayNumber must be 1 or more"),
  timeZone: timeZone.optional(),
});
export type CompleteDayInput = z.infer<typeof completeDaySchema>;

/** The Today page's form: "Mark Complete". */
export const todayFormSchema = z.discriminatedUnion(
  "intent",
  [completeDaySchema.extend({ intent: z.literal("complete") })],
  {
    error: "Unknown action",
  },
);

/** The browser telling the server the reader's zone (POST /resources/time-zone). */
export const timeZoneFormSchema = z.object({ timeZone }, { error: "Expected a timeZone" });

/** What the Today page shows: ?day= an earlier day of the plan, ?depth= the devotional open in the column. */
export const todayViewSchema = z.object({
  day: z.coerce.number().int().min(1).optional(),
  depth: z.enum(devotionLevels).optional(),
});
