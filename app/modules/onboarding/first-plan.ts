import { z } from "zod";
import firstPlansJson from "./content/first-plans.json";

/**
 * The plans a first-timer is offered by the welcome's one question, "How much time a day?"
 * (content/first-plans.json, reviewed; see content/README.md).
 */
const firstPlansSchema = z
  .strictObject({
    wordsPerMinute: z.number().int().min(100).max(400),
    minuteChoices: z.array(z.number().int().min(1).max(120)).min(2).max(5),
    defaultMinutes: z.number().int(),
    plans: z
      .array(
        z.strictObject({
          slug: z.string().regex(/^[a-z0-9-]+$/, "must be a plan's slug"),
          readingMinutes: z.number().positive(),
          why: z.string().trim().min(10).max(120),
        }),
      )
      .min(1),
  })
  .refine((data) => data.minuteChoices.every((minutes, i, all) => i === 0 || all[i - 1]! < minutes), {
    message: "minuteChoices must go from the smallest to the largest",
    path: ["minuteChoices"],
  })
  .refine((data) => data.minuteChoices.includes(data.defaultMinutes), {
    message: "defaultMinutes must be one of minuteChoices",
    path: ["defaultMinutes"],
  })
  .refine((data) => data.plans.every((plan, i, all) => i === 0 || all[i - 1]!.readingMinutes <= plan.readingMinutes), {
    message: "plans must go from the shortest daily reading to the longest",
    path: ["plans"],
  });

export type FirstPlans = z.output<typeof firstPlansSchema>;

export function parseFirstPlans(data: unknown): FirstPlans {
  const result = firstPlansSchema.safeParse(data);
  if (!result.success) {
    throw new Error(`app/modules/onboarding/content/first-plans.json is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const firstPlans = parseFirstPlans(firstPlansJson);

/** The daily minutes of a plan at a depth: its reading plus the devotional of `devotionalWords`. */
export function dailyMinutes(plan: FirstPlans["plans"][number], devotionalWords: number, data = firstPlans) {
  return plan.readingMinutes + devotionalWords / data.wordsPerMinute;
}

/**
 * The plan for a first-timer with `minutes` a day who reads devotionals of `devotionalWords`: the
 * longest daily reading that fits, else the shortest plan.
 */
export function suggestFirstPlan(minutes: number, devotionalWords: number, data = firstPlans) {
  const fitting = data.plans.filter((plan) => dailyMinutes(plan, devotionalWords, data) <= minutes);
  return fitting.at(-1) ?? data.plans[0]!;
}
