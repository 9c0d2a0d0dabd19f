import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/request.server";
import { studyRequestSchema } from "~/modules/studies/schemas";
import { studyGenerationStream } from "~/modules/studies/stream.server";
import { planStudy } from "~/modules/studies/studies.server";
import { errorResponse, jsonResponse, ndjsonResponse } from "~/utils/api.server";
import { firstErrorMessage } from "~/utils/form-reply";

/**
 * POST /lesson-plans/generate: the Lesson Plans page's Create New Study form, sent by its script
 * to follow the generation as it streams (NDJSON: progress, the text so far, then the saved study
 * or an error). Without scripts the same form posts to the page's own action instead. Bad input
 * or a refused start (too many at once, a full account) is `{ error }` with its status.
 */
/** The address opened in a browser (a bookmark, a reload): the page that posts to it. */
export async function loader() {
  return redirect("/lesson-plans");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: studyRequestSchema });
  if (submission.status !== "success") {
    return jsonResponse({ error: firstErrorMessage(submission.error, "Please try again") }, { status: 400 });
  }
  try {
    return ndjsonResponse(studyGenerationStream(planStudy(user.id, submission.value), request.signal));
  } catch (error) {
    return errorResponse(error);
  }
}
