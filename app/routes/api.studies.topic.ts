import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { topicStudySchema } from "~/modules/studies/schemas";
import { createStudy } from "~/modules/studies/studies.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/** POST /api/studies/topic { topic }: generates and saves a lesson plan on a topic. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const { topic } = await parseJsonBody(request, topicStudySchema);
  const study = await createStudy(user.id, { studyType: "topic", topic }, { signal: request.signal });
  return jsonResponse(study, { status: 201 });
});
