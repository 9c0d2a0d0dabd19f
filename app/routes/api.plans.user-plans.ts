import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { resolveTimeZone } from "~/modules/plans/time-zones.server";
import { startPlan } from "~/modules/plans/catalogue.server";
import { startPlanSchema } from "~/modules/plans/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

export const loader = apiHandler(async () => methodNotAllowed());

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, startPlanSchema);
  resolveTimeZone(user.id, input.timeZone ?? timeZoneHeader(request));
  const result = startPlan(user.id, input);
  return jsonResponse(result, { status: result.resumed ? 200 : 201 });
});
