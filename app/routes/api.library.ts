import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listLibrarySaves } from "~/modules/library/saves.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** GET /api/library: the user's saved lesson plans, [{ id, createdAt, study }]. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return listLibrarySaves(user.id);
});

export const action = apiHandler(() => methodNotAllowed());
