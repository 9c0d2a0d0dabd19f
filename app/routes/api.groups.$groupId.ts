import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { assertGroupRole, deleteGroup, updateGroup } from "~/modules/groups/membership.server";
import { getGroup } from "~/modules/groups/progress.server";
import { updateGroupSchema } from "~/modules/groups/schemas";
import { groupNotes } from "~/modules/notes/notes.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

/**
 * GET /api/groups/{id}: members with their progress, shared lessons, the group plan, the notes its
 * members share (`sharedNotes`, newest first); the invite code for the leader.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const groupId = params.groupId ?? "";
  // getGroup is the membership check: a non-member's 404 comes before any note is read.
  const group = getGroup(user.id, groupId, { timeZone: readTimeZone(user.id, timeZoneHeader(request)) });
  return { ...group, sharedNotes: groupNotes(groupId, user.id) };
});

/** PATCH renames the group, DELETE removes it (leader only). */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") methodNotAllowed();
  const user = await requireApiUser(request);
  const groupId = params.groupId ?? "";
  if (request.method === "DELETE") return deleteGroup(user.id, groupId);
  assertGroupRole(user.id, groupId, "leader");
  return updateGroup(user.id, groupId, await parseJsonBody(request, updateGroupSchema));
});
