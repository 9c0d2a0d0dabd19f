import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getSharedStudy, unshareStudy } from "~/modules/groups/group-studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** GET /api/groups/{id}/studies/{studyId}: the shared lesson plan, in full (members only). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getSharedStudy(user.id, params.groupId ?? "", params.studyId ?? "");
});

/** DELETE (leader): unshares it; the study stays the leader's. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") methodNotAllowed();
  const user = await requireApiUser(request);
  return unshareStudy(user.id, params.groupId ?? "", params.studyId ?? "");
});
