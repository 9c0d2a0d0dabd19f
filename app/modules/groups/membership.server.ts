/**
 * Small groups (SPEC §3): who is in a group and in what role, creating and changing one, invite
 * codes and joining, leaving, removing and handing over. A group the caller is not in does not
 * exist for them (404). The group's plan is group-plan.server.ts, its page's detail progress.server.ts.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { groupMembers, groups, readingPlans, verseNotes, type GroupRole } from "#db/schema";
import { getDb } from "~/db.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors";
import { formatInviteCode, generateInviteCode, normalizeInviteCode } from "./invite-codes";
import { selectMemberships } from "./queries.server";
import type { CreateGroupInput } from "./schemas";

/** A user may be in this many groups (leading or not); one more is a 409. */
export const MAX_GROUPS_PER_USER = 100;
/** A group holds this many members, its leader included. */
export const MAX_MEMBERS_PER_GROUP = 500;

export interface GroupSummary {
  id: string;
  name: string;
  description: string | null;
  role: GroupRole;
  memberCount: number;
  plan: { planId: string; name: string } | null;
  joinedAt: string;
}

const groupNotFound = () => new NotFoundError("Group not found");
const leaderOnly = () => new ForbiddenError("Only the group's leader can do that");

/**
 * The caller's membership of a group, with the group. A group the caller is not in does not exist
 * for them (404), whoever they are: groups are private to their members, admins included.
 */
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
