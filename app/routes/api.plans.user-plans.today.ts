import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getToday, resolveTimeZone } from "~/modules/plans/plans.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  const timeZone = resolveTimeZone(user.id, timeZoneHeader(request));
  return getToday(user.id, { timeZone });
});

export const action = apiHandler(() => methodNotAllowed());
