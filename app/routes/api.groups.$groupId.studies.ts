import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { shareStudy } from "~/modules/groups/group-studies.server";
import { assertGroupRole } from "~/modules/groups/membership.server";
import { listSharedStudies } from "~/modules/groups/progress.server";
import { shareStudySchema } from "~/modules/groups/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/groups/{id}/studies: the lesson plans shared with the group (members). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return listSharedStudies(user.id, params.groupId ?? "");
});

/** POST /api/groups/{id}/studies {studyId} (leader): shares one of the leader's lesson plans (201; again: 200). */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  assertGroupRole(user.id, params.groupId ?? "", "leader");
  const { studyId } = await parseJsonBody(request, shareStudySchema);
  const { study, created } = shareStudy(user.id, params.groupId ?? "", studyId);
  return jsonResponse(study, { status: created ? 201 : 200 });
});
