import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { assertGroupRole } from "~/modules/groups/membership.server";
import { clearGroupPlan, getGroupPlan, setGroupPlan } from "~/modules/groups/group-plan.server";
import { setGroupPlanSchema } from "~/modules/groups/schemas";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

/** GET /api/groups/{id}/plan: the group's reading plan and its current day, or null (members). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getGroupPlan(user.id, params.groupId ?? "", { timeZone: readTimeZone(user.id, timeZoneHeader(request)) });
});

/** PUT {planId, startDate?} sets the group's plan (start: the leader's today by default); DELETE clears it (leader). */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") methodNotAllowed();
  const user = await requireApiUser(request);
  const groupId = params.groupId ?? "";
  if (request.method === "DELETE") return clearGroupPlan(user.id, groupId);
  assertGroupRole(user.id, groupId, "leader");
  const { timeZone, ...input } = await parseJsonBody(request, setGroupPlanSchema);
  return setGroupPlan(user.id, groupId, input, {
    timeZone: readTimeZone(user.id, timeZone ?? timeZoneHeader(request)),
  });
});
