/**
 * A group's reading plan: set and cleared by the leader, seen on each viewer's own calendar, and
 * offered on members' Today.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { groupMembers, groups, planDays, readingPlans, userPlans } from "#db/schema";
import { getDb } from "~/db.server";
import { calendarDay, type Clock } from "~/utils/time-zone";
import { NotFoundError } from "~/utils/errors";
import { groupPlanDay, type GroupPlanStatus } from "./group-plan";
import { selectMemberships } from "./queries.server";
import { leadership, membership } from "./membership.server";

export interface GroupPlanView {
  planId: string;
  slug: string;
  name: string;
  daysCount: number;
  startDate: string;
  /** The group's day of the plan on the viewer's calendar; 0 before the start date. */
  currentDay: number;
  status: GroupPlanStatus;
  /** The current day's references ("Romans 3"); empty before the start date. */
  reading: string[];
}

export function groupPlanView(group: typeof groups.$inferSelect, viewerToday: string): GroupPlanView | null {
  if (!group.planId || !group.planStartDate) return null;
  const db = getDb();
  const plan = db.select().from(readingPlans).where(eq(readingPlans.id, group.planId)).get();
  if (!plan) return null;
  const { currentDay, status } = groupPlanDay(group.planStartDate, viewerToday, plan.daysCount);
  const day =
    currentDay > 0
      ? db
          .select({ references: planDays.referencesJson })
          .from(planDays)
          .where(and(eq(planDays.planId, plan.id), eq(planDays.dayNumber, currentDay)))
          .get()
      : undefined;
  return {
    planId: plan.id,
    slug: plan.slug,
    name: plan.name,
    daysCount: plan.daysCount,
    startDate: group.planStartDate,
    currentDay,
    status,
    reading: day?.references ?? [],
  };
}

/** GET /api/groups/{id}/plan: the group's plan on the viewer's calendar, or null (members). */
export function getGroupPlan(
  userId: string,
  groupId: string,
  { now = new Date(), timeZone }: Clock & { timeZone: string },
): GroupPlanView | null {
  const { group } = membership(userId, groupId);
  return groupPlanView(group, calendarDay(now, timeZone));
}

/**
 * PUT /api/groups/{id}/plan (leader): one of the reading plans (id or slug) as the group's, read
 * from `startDate` (default: the leader's today).
 */
export function setGroupPlan(
  userId: string,
  groupId: string,
  { planId, startDate }: { planId: string; startDate?: string },
  { now = new Date(), timeZone }: Clock & { timeZone: string },
): GroupPlanView {
  const { group } = leadership(userId, groupId);
  const db = getDb();
  const plan =
    db.select().from(readingPlans).where(eq(readingPlans.id, planId)).get() ??
    db.select().from(readingPlans).where(eq(readingPlans.slug, planId)).get();
  if (!plan) throw new NotFoundError("Reading plan not found");
  const today = calendarDay(now, timeZone);
  const start = startDate ?? today;
  db.update(groups).set({ planId: plan.id, planStartDate: start }).where(eq(groups.id, groupId)).run();
  return groupPlanView({ ...group, planId: plan.id, planStartDate: start }, today)!;
}

/** DELETE /api/groups/{id}/plan (leader): the group reads no plan together; members keep their own progress. */
export function clearGroupPlan(userId: string, groupId: string): { plan: null } {
  leadership(userId, groupId);
  getDb().update(groups).set({ planId: null, planStartDate: null }).where(eq(groups.id, groupId)).run();
  return { plan: null };
}

export interface GroupPlanOffer {
  groupId: string;
  groupName: string;
  planId: string;
  planName: string;
  daysCount: number;
  currentDay: number;
  status: GroupPlanStatus;
  /** The reader's active plan is this one (Today shows it). */
  isActivePlan: boolean;
}

/** The reading plans of the reader's groups, for Today: each can be started (or resumed) from there. */
export function groupPlanOffers(userId: string, { now = new Date(), timeZone }: Clock & { timeZone: string }) {
  const db = getDb();
  const active = db
    .select({ planId: userPlans.planId })
    .from(userPlans)
    .where(eq(userPlans.userId, userId))
    .orderBy(desc(userPlans.activatedAt))
    .limit(1)
    .get();
  const today = calendarDay(now, timeZone);
  return selectMemberships({
    groupId: groups.id,
    groupName: groups.name,
    planId: readingPlans.id,
    planName: readingPlans.name,
    daysCount: readingPlans.daysCount,
    startDate: groups.planStartDate,
  })
    .innerJoin(readingPlans, eq(readingPlans.id, groups.planId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.joinedAt))
    .all()
    .filter((row): row is typeof row & { startDate: string } => row.startDate !== null)
    .map(({ startDate, ...row }): GroupPlanOffer => ({
      ...row,
      ...groupPlanDay(startDate, today, row.daysCount),
      isActivePlan: active?.planId === row.planId,
    }));
}
