import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  groupMembers,
  groups,
  groupStudies,
  planDays,
  readingPlans,
  studies,
  userPlans,
  verseNotes,
  type GroupRole,
} from "#db/schema";
import { getDb, preparedStatements } from "~/db.server";
import { calendarDay } from "~/utils/time-zone";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors";
import { groupPlanDay, type GroupPlanStatus } from "./group-plan";
import { formatInviteCode, generateInviteCode, normalizeInviteCode } from "./invite-codes";
import { selectMembers, selectMemberships } from "./queries.server";
import { dayNumbersIn, streakOfDays } from "./zone-days";
import type { CreateGroupInput } from "./schemas";

/** A user may be in this many groups (leading or not); one more is a 409. */
export const MAX_GROUPS_PER_USER = 100;
/** A group holds this many members, its leader included. */
export const MAX_MEMBERS_PER_GROUP = 500;

export interface Clock {
  now?: Date;
}

export interface GroupSummary {
  id: string;
  name: string;
  description: string | null;
  role: GroupRole;
  memberCount: number;
  plan: { planId: string; name: string } | null;
  joinedAt: string;
}

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

const groupNotFound = () => new NotFoundError("Group not found");
const leaderOnly = () => new ForbiddenError("Only the group's leader can do that");

/** What a user's profile or email calls them (user_profiles.display_name, else the email before the @). */
/**
 * The caller's membership of a group. A group the caller is not in does not exist for them (404),
 * whoever they are: groups are private to their members, admins included.
 */
/** A member's row with their group; 404 for anyone else. */
export function membership(userId: string, groupId: string) {
  const row = selectMemberships({ group: groups, role: groupMembers.role, hideProgress: groupMembers.hideProgress })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .get();
  if (!row) throw groupNotFound();
  return row;
}

/** As membership, and 403 unless they lead the group. */
export function leadership(userId: string, groupId: string) {
  const row = membership(userId, groupId);
  if (row.role !== "leader") throw leaderOnly();
  return row;
}

/**
 * For routes, before they read a body: a non-member gets 404 and a member doing a leader's action
 * 403 whatever they send.
 */
export function assertGroupRole(userId: string, groupId: string, role: GroupRole | "any") {
  if (role === "leader") leadership(userId, groupId);
  else membership(userId, groupId);
}

/** Whether the user is a member (any role) of the group. */
export function isMember(userId: string, groupId: string): boolean {
  return (
    getDb()
      .select({ one: sql`1` })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
      .get() !== undefined
  );
}

// better-sqlite3 has one connection: these reads run inside the caller's transaction too.
function groupCountOf(userId: string) {
  return getDb().select({ count: count() }).from(groupMembers).where(eq(groupMembers.userId, userId)).get()?.count ?? 0;
}

function assertRoomForAnotherGroup(userId: string) {
  if (groupCountOf(userId) >= MAX_GROUPS_PER_USER) {
    throw new ConflictError(`You are in ${MAX_GROUPS_PER_USER} groups already: leave one before joining another.`);
  }
}

function isUniqueViolation(error: unknown) {
  return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Runs `write` with a fresh invite code, again with another on the (60-bit) chance of a collision. */
function withNewCode<T>(write: (code: string) => T): T {
  for (let attempt = 0; ; attempt++) {
    try {
      return write(generateInviteCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/** Creates a group led by the user: POST /api/groups answers this with 201. */
export function createGroup(
  userId: string,
  input: CreateGroupInput,
): { id: string; name: string; description: string | null; inviteCode: string } {
  const db = getDb();
  return db.transaction(
    (tx) => {
      assertRoomForAnotherGroup(userId);
      const group = withNewCode((inviteCode) =>
        tx.insert(groups).values({ name: input.name, description: input.description, inviteCode }).returning().get(),
      );
      tx.insert(groupMembers).values({ groupId: group.id, userId, role: "leader" }).run();
      return {
        id: group.id,
        name: group.name,
        description: group.description,
        inviteCode: formatInviteCode(group.inviteCode),
      };
    },
    { behavior: "immediate" },
  );
}

/** The user's groups, in the order they joined them, with their role and how many members each has. */
export function listGroups(userId: string): GroupSummary[] {
  const db = getDb();
  const memberCounts = db
    .select({ groupId: groupMembers.groupId, memberCount: count().as("member_count") })
    .from(groupMembers)
    .groupBy(groupMembers.groupId)
    .as("member_counts");
  return selectMemberships({
    id: groups.id,
    name: groups.name,
    description: groups.description,
    role: groupMembers.role,
    memberCount: memberCounts.memberCount,
    planId: readingPlans.id,
    planName: readingPlans.name,
    joinedAt: groupMembers.joinedAt,
  })
    .innerJoin(memberCounts, eq(memberCounts.groupId, groups.id))
    .leftJoin(readingPlans, eq(readingPlans.id, groups.planId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.joinedAt), asc(sql`${groupMembers}.rowid`))
    .all()
    .map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      role: row.role,
      memberCount: row.memberCount,
      plan: row.planId && row.planName ? { planId: row.planId, name: row.planName } : null,
      joinedAt: row.joinedAt.toISOString(),
    }));
}

function groupPlanView(group: typeof groups.$inferSelect, viewerToday: string): GroupPlanView | null {
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

/** PATCH /api/groups/{id} (leader): renames the group or rewords its description. */
export function updateGroup(
  userId: string,
  groupId: string,
  changes: { name?: string; description?: string | null },
): { id: string; name: string; description: string | null } {
  leadership(userId, groupId);
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const row = getDb()
    .update(groups)
    .set(set)
    .where(eq(groups.id, groupId))
    .returning({ id: groups.id, name: groups.name, description: groups.description })
    .get();
  return row!;
}

/** DELETE /api/groups/{id} (leader): the group goes, with its memberships and shares (cascades). */
export function deleteGroup(userId: string, groupId: string): { id: string; deleted: true } {
  leadership(userId, groupId);
  getDb().delete(groups).where(eq(groups.id, groupId)).run();
  return { id: groupId, deleted: true };
}

/** POST /api/groups/{id}/invite-code (leader): a new code; the old one stops working at once. */
export function regenerateInviteCode(userId: string, groupId: string): { inviteCode: string } {
  leadership(userId, groupId);
  const code = withNewCode((inviteCode) => {
    getDb().update(groups).set({ inviteCode }).where(eq(groups.id, groupId)).run();
    return inviteCode;
  });
  return { inviteCode: formatInviteCode(code) };
}

export const INVALID_INVITE_MESSAGE =
  "This invite code does not match any group. Check it for typos; if the leader has made a new code, the old one no longer works: ask them for the current link.";

/** The group an invite code opens, if any. */
export function lookupGroupByInviteCode(
  code: string,
): { id: string; name: string; description: string | null } | undefined {
  const normalized = normalizeInviteCode(code);
  return normalized
    ? getDb()
        .select({ id: groups.id, name: groups.name, description: groups.description })
        .from(groups)
        .where(eq(groups.inviteCode, normalized))
        .get()
    : undefined;
}

/** The group an invite code opens (for the join page), without joining it. */
export function findGroupByInviteCode(code: string): { id: string; name: string; description: string | null } {
  const group = lookupGroupByInviteCode(code);
  if (!group) throw new NotFoundError(INVALID_INVITE_MESSAGE);
  return group;
}

/**
 * POST /api/groups/join: joins the group the code opens. Joining a group one is already in
 * changes nothing (`alreadyMember`); a wrong or replaced code is a 404.
 */
export function joinGroup(userId: string, inviteCode: string): { id: string; name: string; alreadyMember: boolean } {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const group = findGroupByInviteCode(inviteCode);
      if (isMember(userId, group.id)) return { id: group.id, name: group.name, alreadyMember: true };
      assertRoomForAnotherGroup(userId);
      const members =
        tx.select({ count: count() }).from(groupMembers).where(eq(groupMembers.groupId, group.id)).get()?.count ?? 0;
      if (members >= MAX_MEMBERS_PER_GROUP) {
        throw new ConflictError(`This group is full (${MAX_MEMBERS_PER_GROUP} members).`);
      }
      tx.insert(groupMembers).values({ groupId: group.id, userId, role: "member" }).run();
      return { id: group.id, name: group.name, alreadyMember: false };
    },
    { behavior: "immediate" },
  );
}

/**
 * DELETE /api/groups/{id}/members/{userId}: the leader removes a member, or a member leaves. When
 * the leader leaves, the longest-standing member leads; the last one out removes the group (the
 * trigger in migration 0005, which also unshares the leaver's own lesson plans). The leaver's
 * notes shared with the group are unshared here.
 */
export function removeMember(
  actorId: string,
  groupId: string,
  memberId: string,
): { groupId: string; userId: string; removed: true; groupDeleted: boolean; leaderId: string | null } {
  const { role } = membership(actorId, groupId);
  if (memberId !== actorId && role !== "leader") throw leaderOnly();
  const db = getDb();
  return db.transaction(
    (tx) => {
      const removed = tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, memberId)))
        .returning({ userId: groupMembers.userId })
        .get();
      if (!removed) throw new NotFoundError("Member not found");
      // Their notes shared with the group stay theirs, no longer shared: members see only members' notes.
      tx.update(verseNotes)
        .set({ groupId: null })
        .where(and(eq(verseNotes.groupId, groupId), eq(verseNotes.userId, memberId)))
        .run();
      const leader = tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, "leader")))
        .get();
      return {
        groupId,
        userId: memberId,
        removed: true as const,
        groupDeleted: !leader,
        leaderId: leader?.userId ?? null,
      };
    },
    { behavior: "immediate" },
  );
}

/** POST /api/groups/{id}/leader (leader): hands the group to another member; the leader stays on as a member. */
export function handOverLeadership(
  actorId: string,
  groupId: string,
  newLeaderId: string,
): { id: string; leaderId: string } {
  leadership(actorId, groupId);
  if (newLeaderId === actorId) throw new ValidationError("You already lead this group");
  const db = getDb();
  db.transaction(
    (tx) => {
      if (!isMember(newLeaderId, groupId)) throw new NotFoundError("Member not found");
      // One leader at a time (a unique index): step down first.
      tx.update(groupMembers)
        .set({ role: "member" })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actorId)))
        .run();
      tx.update(groupMembers)
        .set({ role: "leader" })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, newLeaderId)))
        .run();
    },
    { behavior: "immediate" },
  );
  return { id: groupId, leaderId: newLeaderId };
}

/** PATCH /api/groups/{id}/members/{userId}: a member's own settings; nobody else's. */
export function updateMemberSettings(
  actorId: string,
  groupId: string,
  memberId: string,
  { hideProgress }: { hideProgress: boolean },
): { userId: string; hideProgress: boolean } {
  membership(actorId, groupId);
  if (memberId !== actorId) {
    if (!isMember(memberId, groupId)) throw new NotFoundError("Member not found");
    throw new ForbiddenError("Only the member can change whether their progress is shown");
  }
  getDb()
    .update(groupMembers)
    .set({ hideProgress })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, memberId)))
    .run();
  return { userId: memberId, hideProgress };
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
