import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { saveSharedStudy } from "~/modules/groups/group-studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/**
 * POST /api/groups/{id}/studies/{studyId}/save (members): keeps the lesson plan in the caller's
 * library, as their own copy; again is harmless. Answers like POST /api/library/save/{studyId}.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  return saveSharedStudy(user.id, params.groupId ?? "", params.studyId ?? "");
});
