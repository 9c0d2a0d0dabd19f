import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { passageStudySchema } from "~/modules/studies/schemas";
import { createStudy } from "~/modules/studies/studies.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST /api/studies/passage { reference }: generates and saves a lesson plan on a passage. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const { reference } = await parseJsonBody(request, passageStudySchema);
  const study = await createStudy(user.id, { studyType: "passage", reference }, { signal: request.signal });
  return jsonResponse(study, { status: 201 });
});
