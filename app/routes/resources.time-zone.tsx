import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/modules/auth/request.server";
import { timeZoneFormSchema } from "~/modules/plans/schemas";
import { resolveTimeZone } from "~/modules/plans/time-zones.server";
import { firstErrorMessage } from "~/utils/form-reply";
import { ValidationError } from "~/utils/errors";

/**
 * POST /resources/time-zone (timeZone): Today tells the server the browser's zone when it differs
 * from the stored one, so "today" is judged where the reader is. Answers the canonical zone; the
 * page then reloads its data itself. A plain fetch, not a fetcher: a fetcher's revalidation
 * finishing while the reader's next page was still being discovered could leave that page blank
 * (as resources.bible-place).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: timeZoneFormSchema });
  if (submission.status !== "success")
    return Response.json({ error: firstErrorMessage(submission.error, "Expected a timeZone") }, { status: 400 });
  try {
    return Response.json({ timeZone: resolveTimeZone(user.id, submission.value.timeZone) });
  } catch (error) {
    if (error instanceof ValidationError) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
}
