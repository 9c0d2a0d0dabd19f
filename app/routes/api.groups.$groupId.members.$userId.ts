import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { assertGroupRole, removeMember, updateMemberSettings } from "~/modules/groups/membership.server";
import { memberSettingsSchema } from "~/modules/groups/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/**
 * DELETE /api/groups/{id}/members/{userId}: the leader removes a member, or a member leaves (a
 * leader who leaves hands the group to the longest-standing member). PATCH {hideProgress}: a
 * member's own setting.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE" && request.method !== "PATCH") methodNotAllowed();
  const user = await requireApiUser(request);
  const groupId = params.groupId ?? "";
  const memberId = params.userId ?? "";
  if (request.method === "DELETE") return removeMember(user.id, groupId, memberId);
  assertGroupRole(user.id, groupId, "any");
  return updateMemberSettings(user.id, groupId, memberId, await parseJsonBody(request, memberSettingsSchema));
});
