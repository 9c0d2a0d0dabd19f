import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { regenerateInviteCode } from "~/modules/groups/membership.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST /api/groups/{id}/invite-code (leader): a new code; the old one stops working. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  return regenerateInviteCode(user.id, params.groupId ?? "");
});
