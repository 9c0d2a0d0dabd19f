import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { removeStudyFromLibrary } from "~/modules/library/saves.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** DELETE /api/library/remove/{studyId}: takes a study out of the user's library. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") methodNotAllowed();
  const user = await requireApiUser(request);
  return removeStudyFromLibrary(user.id, params.studyId ?? "");
});
