import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/request.server";
import { timeZoneFormSchema } from "~/modules/plans/schemas";
import { resolveTimeZone } from "~/modules/plans/time-zones.server";
import { apiHandler } from "~/utils/api.server";

/**
 * POST /resources/time-zone (timeZone): Today tells the server the browser's zone when it differs
 * from the stored one, so "today" is judged where the reader is. Answers the canonical zone; the
 * page then reloads its data itself. A plain fetch, not a fetcher: a fetcher's revalidation
 * finishing while the reader's next page was still being discovered could leave that page blank
 * (as resources.bible-place).
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const { timeZone } = timeZoneFormSchema.parse(Object.fromEntries(await request.formData()));
  return { timeZone: resolveTimeZone(user.id, timeZone) };
});
