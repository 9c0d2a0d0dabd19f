import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listPlans } from "~/modules/plans/plans.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return listPlans(user.id);
});

export const action = apiHandler(() => methodNotAllowed());
