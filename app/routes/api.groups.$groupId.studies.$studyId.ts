import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getSharedStudy, unshareStudy } from "~/modules/groups/group-studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** GET /api/groups/{id}/studies/{studyId}: the shared lesson plan, in full (members only). */
export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return getSharedStudy(user.id, params.groupId ?? "", params.studyId ?? "");
});

/** DELETE (leader): unshares it; the study stays the leader's. */
export const action = apiHandler(({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") methodNotAllowed();
  const user = requireApiUser(request);
  return unshareStudy(user.id, params.groupId ?? "", params.studyId ?? "");
});
