import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { joinGroup } from "~/modules/groups/membership.server";
import { joinGroupSchema } from "~/modules/groups/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST /api/groups/join {inviteCode}: joins the group (again is harmless); a wrong or old code is a 404. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const { inviteCode } = await parseJsonBody(request, joinGroupSchema);
  return joinGroup(user.id, inviteCode);
});
