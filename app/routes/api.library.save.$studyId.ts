import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { saveStudyToLibrary } from "~/modules/library/saves.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST /api/library/save/{studyId}: saves one of the user's studies (again is harmless). */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  return saveStudyToLibrary(user.id, params.studyId ?? "");
});
