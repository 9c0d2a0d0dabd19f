import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { createGroup, listGroups } from "~/modules/groups/membership.server";
import { createGroupSchema } from "~/modules/groups/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/groups: the caller's groups, with their role and member counts. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return listGroups(user.id);
});

/** POST /api/groups {name, description?}: a new group led by the caller (201, with its invite code). */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, createGroupSchema);
  return jsonResponse(createGroup(user.id, input), { status: 201 });
});
