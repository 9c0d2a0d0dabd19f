import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listLibrarySaves } from "~/modules/library/saves.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { pageResponse, parsePageRequest } from "~/utils/pagination.server";

/** GET /api/library?limit=&cursor=: a page of the user's saved lesson plans, [{ id, createdAt, study }]. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const pageRequest = parsePageRequest(request);
  return pageResponse(request, listLibrarySaves(user.id, pageRequest), pageRequest.limit);
});

export const action = apiHandler(async () => methodNotAllowed());
