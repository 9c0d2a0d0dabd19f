/**
 * A group as its members see it: the members with their streaks and progress in the group plan
 * (each judged on the member's own calendar), the shared lesson plans, and the plan.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { groupMembers, groupStudies, studies, type GroupRole } from "#db/schema";
import { getDb, preparedStatements } from "~/db.server";
import { calendarDay, type Clock } from "~/utils/time-zone";
import { formatInviteCode } from "./invite-codes";
import { selectMembers } from "./queries.server";
import { dayNumbersIn, streakOfDays } from "./zone-days";
import { groupPlanView, type GroupPlanView } from "./group-plan.server";
import { membership } from "./membership.server";

export interface GroupMemberView {
  userId: string;
  name: string;
  role: GroupRole;
  /** Consecutive days with a reading, in the member's own time zone; null when they hide their progress. */
  streak: number | null;
  /** Whether the member read today (their own calendar day): the group plan's reading when there is one. */
  completedToday: boolean | null;
  /** Days of the group plan the member has completed; null without a group plan or when hidden. */
  completedDays: number | null;
  progressHidden: boolean;
  joinedAt: string;
}

export interface SharedStudySummary {
  id: string;
  title: string;
  studyType: "topic" | "passage";
  sharedAt: string;
}

export interface GroupDetail {
  id: string;
  name: string;
  description: string | null;
  role: GroupRole;
  members: GroupMemberView[];
  studies: SharedStudySummary[];
  plan: GroupPlanView | null;
  /** Only the leader gets the code; members ask the leader for a new one. */
  inviteCode?: string;
  createdAt: string;
}

// Every reading of every member, on each visit of a group page: prepared once per connection, and
// read as rows of values (no objects or Dates for a few thousand completions).
const groupStatements = preparedStatements({
  completions: `select p.user_id, p.plan_id, q.day_number, q.completed_at
    from group_members m
    join user_plans p on p.user_id = m.user_id
    join user_plan_progress q on q.user_plan_id = p.id
    where m.group_id = ?`,
});

/**
 * Each member's streak and today's reading, each judged on the member's own calendar (their
 * profile's time zone, else UTC), as their own Today judges them.
 */
function memberProgress(
  groupId: string,
  members: Array<{ userId: string; timeZone: string | null }>,
  plan: { planId: string; daysCount: number } | null,
  now: Date,
) {
  const byUser = new Map<string, Array<{ planId: string; dayNumber: number; completedAt: number }>>();
  for (const [userId, planId, dayNumber, completedAt] of groupStatements().completions.raw().all(groupId) as Array<
    [string, string, number, number]
  >) {
    const list = byUser.get(userId) ?? [];
    list.push({ planId, dayNumber, completedAt });
    byUser.set(userId, list);
  }
  // Members in the same zone share its day lookups.
  const dayReaders = new Map<string, ReturnType<typeof dayNumbersIn>>();
  return new Map(
    members.map(({ userId, timeZone: stored }) => {
      const timeZone = stored ?? "UTC";
      let dayOf = dayReaders.get(timeZone);
      if (!dayOf) dayReaders.set(timeZone, (dayOf = dayNumbersIn(timeZone)));
      const own = (byUser.get(userId) ?? []).map((completion) => ({
        ...completion,
        day: dayOf(completion.completedAt),
      }));
      const today = dayOf(now);
      const counted = plan ? own.filter((completion) => completion.planId === plan.planId) : own;
      return [
        userId,
        {
          streak: streakOfDays(new Set(own.map((completion) => completion.day)), today),
          completedToday: counted.some((completion) => completion.day === today),
          completedDays: plan
            ? new Set(
                counted
                  .filter((completion) => completion.dayNumber >= 1 && completion.dayNumber <= plan.daysCount)
                  .map((completion) => completion.dayNumber),
              ).size
            : null,
        },
      ];
    }),
  );
}

function sharedStudiesOf(groupId: string): SharedStudySummary[] {
  return getDb()
    .select({ id: studies.id, title: studies.title, studyType: studies.studyType, sharedAt: groupStudies.sharedAt })
    .from(groupStudies)
    .innerJoin(studies, eq(studies.id, groupStudies.studyId))
    .where(eq(groupStudies.groupId, groupId))
    .orderBy(desc(groupStudies.sharedAt), desc(sql`${groupStudies}.rowid`))
    .all()
    .map((row) => ({ ...row, sharedAt: row.sharedAt.toISOString() }));
}

/** GET /api/groups/{id}/studies: the lesson plans shared with the group, newest first (members). */
export function listSharedStudies(userId: string, groupId: string): SharedStudySummary[] {
  membership(userId, groupId);
  return sharedStudiesOf(groupId);
}

/**
 * GET /api/groups/{id}: the group as a member sees it. `timeZone` is the viewer's, for the group
 * plan's current day; members' own progress is judged in their own zones.
 */
export function getGroup(
  userId: string,
  groupId: string,
  { now = new Date(), timeZone }: Clock & { timeZone: string },
) {
  const { group, role } = membership(userId, groupId);
  const memberRows = selectMembers()
    .where(eq(groupMembers.groupId, groupId))
    // The leader first, then in the order they joined.
    .orderBy(sql`${groupMembers.role} = 'leader' desc`, asc(groupMembers.joinedAt), asc(sql`${groupMembers}.rowid`))
    .all();
  const plan = groupPlanView(group, calendarDay(now, timeZone));
  const progress = memberProgress(groupId, memberRows, plan, now);
  const members: GroupMemberView[] = memberRows.map((member) => {
    // A member who hides their progress still sees their own.
    const hidden = member.hideProgress && member.userId !== userId;
    const own = progress.get(member.userId)!;
    return {
      userId: member.userId,
      name: member.name,
      role: member.role,
      streak: hidden ? null : own.streak,
      completedToday: hidden ? null : own.completedToday,
      completedDays: hidden ? null : own.completedDays,
      progressHidden: member.hideProgress,
      joinedAt: member.joinedAt.toISOString(),
    };
  });
  const detail: GroupDetail = {
    id: group.id,
    name: group.name,
    description: group.description,
    role,
    members,
    studies: sharedStudiesOf(groupId),
    plan,
    createdAt: group.createdAt.toISOString(),
  };
  if (role === "leader") detail.inviteCode = formatInviteCode(group.inviteCode);
  return detail;
}
