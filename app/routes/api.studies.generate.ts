import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { studyRequestSchema } from "~/modules/studies/schemas";
import { studyGenerationStream } from "~/modules/studies/stream.server";
import { planStudy } from "~/modules/studies/studies.server";
import { apiHandler, methodNotAllowed, ndjsonResponse, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

/**
 * POST /api/studies/generate { studyType, topic | reference }, for API clients (the Lesson Plans
 * page posts its form to /lesson-plans/generate, which answers the same way). Bad input is a plain
 * JSON 400; after that the answer streams NDJSON events (progress, the text so far, then the saved
 * study or an error).
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const plan = planStudy(user.id, await parseJsonBody(request, studyRequestSchema));
  return ndjsonResponse(studyGenerationStream(plan, request.signal));
});
