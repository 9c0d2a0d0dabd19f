import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listPlans } from "~/modules/plans/catalogue.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/plans: the whole catalogue, unpaged. It is bounded by the code, not by users: the plans
 * are seeded from app/modules/plans/builders.ts (8 today) and nothing in the app creates others.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return listPlans(user.id);
});

export const action = apiHandler(async () => methodNotAllowed());
