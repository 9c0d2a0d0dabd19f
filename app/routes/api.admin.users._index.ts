import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/modules/admin/users.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { pageResponse, parsePageRequest } from "~/utils/pagination.server";

/** GET /api/admin/users?limit=&cursor=: a page of the accounts with their stats, newest first. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const pageRequest = parsePageRequest(request);
  return pageResponse(request, listUsers(pageRequest), pageRequest.limit);
});

export const action = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  methodNotAllowed();
});
