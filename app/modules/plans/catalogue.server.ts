/**
 * The plan catalogue and starting a plan: every plan with its size in plain words and the reader's
 * progress in it, and start (or resume) one. Today's reading is today.server.ts.
 */
import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import { planDays, readingPlans, userPlanProgress, userPlans } from "#db/schema";
import { getDb } from "~/db.server";
import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { countVerses, formatRanges, parseReference, type VerseRange } from "~/modules/bible/references.server";
import { markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { NotFoundError } from "~/utils/errors";
import type { PlanTranslation } from "./schemas";
import type { Clock } from "~/utils/time-zone";

export interface PlanSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  daysCount: number;
  planType: string;
  /** Day 1's references: "John 1". */
  firstReading: string;
  /** What the plan reads, in plain words: "All of John", "Matthew 5-7", "Genesis to Revelation". */
  covers: string;
  /** About how long a day's Scripture takes to read, in whole minutes (the devotional is extra). */
  minutesPerDay: number;
  /** The reader's own relation to the plan, when they have started it. */
  progress: { isActive: boolean; completedDays: number; isFinished: boolean } | null;
}

export interface UserPlanSummary {
  id: string;
  planId: string;
  translation: string;
  startDate: Date;
  activatedAt: Date;
  completedDays: number;
  plan: { id: string; slug: string; name: string; description: string; daysCount: number; planType: string };
}

function findPlan(planIdOrSlug: string) {
  const db = getDb();
  return (
    db.select().from(readingPlans).where(eq(readingPlans.id, planIdOrSlug)).get() ??
    db.select().from(readingPlans).where(eq(readingPlans.slug, planIdOrSlug)).get()
  );
}

export function planFields(plan: typeof readingPlans.$inferSelect) {
  return {
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    description: plan.description,
    daysCount: plan.daysCount,
    planType: plan.planType,
  };
}

/** An unhurried pace for reading Scripture, and the words in an average English verse (about 783,000 in 31,102). */
const WORDS_PER_MINUTE = 200;
const WORDS_PER_VERSE = 25;

/** "All of John", "Matthew 5-7", "Matthew to John": the span from the first verse read to the last. */
export function coverageLabel(ranges: VerseRange[]): string {
  const first = splitVerseId(ranges[0]!.start);
  const last = splitVerseId(ranges.at(-1)!.end);
  const firstBook = bookByOrder(first.bookOrder)!;
  if (first.bookOrder !== last.bookOrder) return `${firstBook.name} to ${bookByOrder(last.bookOrder)!.name}`;
  const wholeBook =
    first.chapter === 1 &&
    first.verse === 1 &&
    last.chapter === firstBook.chapters &&
    last.verse === firstBook.verses[firstBook.chapters - 1];
  return wholeBook ? `All of ${firstBook.name}` : formatRanges([{ start: ranges[0]!.start, end: ranges.at(-1)!.end }]);
}

/** A plan's size for a reader choosing one; plans do not change once seeded, so each is counted once. */
const planSizes = new Map<string, { covers: string; minutesPerDay: number }>();

function planSize(planId: string, daysCount: number) {
  const known = planSizes.get(planId);
  if (known) return known;
  const ranges = getDb()
    .select({ references: planDays.referencesJson })
    .from(planDays)
    .where(eq(planDays.planId, planId))
    .orderBy(asc(planDays.dayNumber))
    .all()
    .flatMap((day) => day.references)
    .flatMap((reference) => {
      const parsed = parseReference(reference);
      return parsed.ok ? parsed.ranges : [];
    });
  const size =
    ranges.length === 0
      ? { covers: "", minutesPerDay: 0 }
      : {
          covers: coverageLabel(ranges),
          minutesPerDay: Math.max(
            1,
            Math.round((countVerses(ranges) / Math.max(daysCount, 1)) * (WORDS_PER_VERSE / WORDS_PER_MINUTE)),
          ),
        };
  planSizes.set(planId, size);
  return size;
}

/** Every plan, shortest first, with the reader's progress in the ones they have started. */
export function listPlans(userId: string): PlanSummary[] {
  const db = getDb();
  const plans = db.select().from(readingPlans).orderBy(asc(readingPlans.daysCount), asc(readingPlans.name)).all();
  const firstDays = new Map(
    db
      .select({ planId: planDays.planId, references: planDays.referencesJson })
      .from(planDays)
      .where(eq(planDays.dayNumber, 1))
      .all()
      .map((row) => [row.planId, row.references.join("; ")]),
  );
  const mine = db
    .select({
      planId: userPlans.planId,
      activatedAt: userPlans.activatedAt,
      completedDays: sql<number>`count(${userPlanProgress.id})`,
    })
    .from(userPlans)
    .leftJoin(userPlanProgress, eq(userPlanProgress.userPlanId, userPlans.id))
    .where(eq(userPlans.userId, userId))
    .groupBy(userPlans.id)
    .orderBy(desc(userPlans.activatedAt))
    .all();
  const activePlanId = mine[0]?.planId;
  const progress = new Map(mine.map((row) => [row.planId, row]));
  return plans.map((plan) => {
    const own = progress.get(plan.id);
    return {
      ...planFields(plan),
      firstReading: firstDays.get(plan.id) ?? "",
      ...planSize(plan.id, plan.daysCount),
      progress: own
        ? {
            isActive: plan.id === activePlanId,
            completedDays: own.completedDays,
            isFinished: own.completedDays >= plan.daysCount,
          }
        : null,
    };
  });
}

export function userPlanSummary(userPlanId: string): UserPlanSummary | null {
  const db = getDb();
  const row = db
    .select({ userPlan: userPlans, plan: readingPlans })
    .from(userPlans)
    .innerJoin(readingPlans, eq(readingPlans.id, userPlans.planId))
    .where(eq(userPlans.id, userPlanId))
    .get();
  if (!row) return null;
  const completed = db
    .select({ count: sql<number>`count(*)` })
    .from(userPlanProgress)
    .where(eq(userPlanProgress.userPlanId, userPlanId))
    .get();
  return {
    id: row.userPlan.id,
    planId: row.userPlan.planId,
    translation: row.userPlan.translation,
    startDate: row.userPlan.startDate,
    activatedAt: row.userPlan.activatedAt,
    completedDays: completed?.count ?? 0,
    plan: planFields(row.plan),
  };
}

/**
 * Starts a plan, or resumes one started before (its progress is kept), and makes it the reader's
 * active plan. The translation chosen now is the one the plan is read in.
 */
export function startPlan(
  userId: string,
  { planId, translation }: { planId: string; translation: PlanTranslation },
  { now = new Date() }: Clock = {},
): { userPlan: UserPlanSummary; resumed: boolean } {
  const plan = findPlan(planId);
  if (!plan) throw new NotFoundError("Reading plan not found");
  const db = getDb();
  const { id, resumed } = db.transaction(
    (tx) => {
      const latest = tx
        .select({ at: max(userPlans.activatedAt) })
        .from(userPlans)
        .where(eq(userPlans.userId, userId))
        .get()?.at;
      // Strictly later than any earlier activation, so "most recent" is never a tie.
      const activatedAt = new Date(Math.max(now.getTime(), (latest?.getTime() ?? 0) + 1));
      const existing = tx
        .select({ id: userPlans.id })
        .from(userPlans)
        .where(and(eq(userPlans.userId, userId), eq(userPlans.planId, plan.id)))
        .get();
      if (existing) {
        tx.update(userPlans).set({ activatedAt, translation }).where(eq(userPlans.id, existing.id)).run();
        return { id: existing.id, resumed: true };
      }
      const inserted = tx
        .insert(userPlans)
        .values({ userId, planId: plan.id, translation, startDate: now, activatedAt })
        .returning({ id: userPlans.id })
        .get();
      return { id: inserted.id, resumed: false };
    },
    { behavior: "immediate" },
  );
  markOnboardingStep(userId, "hasStartedPlan");
  return { userPlan: userPlanSummary(id)!, resumed };
}
