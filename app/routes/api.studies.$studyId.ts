import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getStudy } from "~/modules/studies/studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** GET /api/studies/{id}: one of the user's studies (another user's answers 404). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getStudy(user.id, params.studyId ?? "");
});

export const action = apiHandler(async () => methodNotAllowed());
