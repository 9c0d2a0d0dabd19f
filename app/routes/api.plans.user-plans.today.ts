import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { getToday } from "~/modules/plans/today.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { timeZoneHeader } from "~/utils/time-zone";

/** A read: an X-Time-Zone header decides "today" for this answer but is not stored. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const timeZone = readTimeZone(user.id, timeZoneHeader(request));
  return getToday(user.id, { timeZone });
});

export const action = apiHandler(async () => methodNotAllowed());
