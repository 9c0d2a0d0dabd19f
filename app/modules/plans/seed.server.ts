import { planDays, readingPlans } from "#db/schema";
import type { Db } from "~/db.server";
import { planCatalogue } from "./builders";

/**
 * Adds the catalogue's plans that are not in the database yet (by slug). Cheap on every start:
 * one indexed read, and plans are only built when one is missing. An existing plan is never
 * rewritten, so readers' progress always refers to the days they read.
 */
export function seedReadingPlans(db: Db): { added: string[] } {
  const present = new Set(
    db
      .select({ slug: readingPlans.slug })
      .from(readingPlans)
      .all()
      .map((row) => row.slug),
  );
  const missing = planCatalogue.filter((plan) => !present.has(plan.slug));
  if (missing.length === 0) return { added: [] };
  const built = missing.map(({ buildDays, ...plan }) => ({ ...plan, days: buildDays() }));
  db.transaction(
    (tx) => {
      for (const plan of built) {
        const inserted = tx
          .insert(readingPlans)
          .values({
            slug: plan.slug,
            name: plan.name,
            description: plan.description,
            planType: plan.planType,
            daysCount: plan.days.length,
          })
          .onConflictDoNothing()
          .returning({ id: readingPlans.id })
          .get();
        // Another process seeded it first.
        if (!inserted) continue;
        tx.insert(planDays)
          .values(
            plan.days.map((references, index) => ({
              planId: inserted.id,
              dayNumber: index + 1,
              referencesJson: references,
            })),
          )
          .run();
      }
    },
    { behavior: "immediate" },
  );
  return { added: built.map((plan) => plan.slug) };
}
