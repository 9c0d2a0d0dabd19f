import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { assertGroupRole, handOverLeadership } from "~/modules/groups/membership.server";
import { handOverSchema } from "~/modules/groups/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST (or PUT) /api/groups/{id}/leader {userId} (leader): hands the group to another member. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "PUT") methodNotAllowed();
  const user = await requireApiUser(request);
  assertGroupRole(user.id, params.groupId ?? "", "leader");
  const { userId } = await parseJsonBody(request, handOverSchema);
  return handOverLeadership(user.id, params.groupId ?? "", userId);
});
