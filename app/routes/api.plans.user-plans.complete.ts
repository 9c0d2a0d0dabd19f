import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { completeTodayReading } from "~/modules/plans/today.server";
import { completeDaySchema } from "~/modules/plans/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

export const loader = apiHandler(async () => methodNotAllowed());

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, completeDaySchema);
  return completeTodayReading(user.id, { ...input, timeZone: input.timeZone ?? timeZoneHeader(request) });
});
