import { eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { groupMembers, groups, userProfiles, users } from "#db/schema";
import { getDb } from "~/db.server";

/** The name a group shows for a member: their display name, else the part of their email before the @. */
const memberName = sql<string>`coalesce(nullif(trim(${userProfiles.displayName}), ''), substr(${users.email}, 1, instr(${users.email}, '@') - 1))`;

/** Group members as their group shows them, with the time zone their progress is judged in. */
export function selectMembers() {
  return getDb()
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      name: memberName,
      role: groupMembers.role,
      hideProgress: groupMembers.hideProgress,
      joinedAt: groupMembers.joinedAt,
      timeZone: userProfiles.timeZone,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, groupMembers.userId));
}

/** Memberships with their group: a user's groups, as member or leader. */
export function selectMemberships<TFields extends SelectedFields>(fields: TFields) {
  return getDb().select(fields).from(groupMembers).innerJoin(groups, eq(groups.id, groupMembers.groupId));
}
