import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listStudies } from "~/modules/studies/studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { pageResponse, parsePageRequest } from "~/utils/pagination.server";

/** GET /api/studies?limit=&cursor=: a page of the user's studies, newest first. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const pageRequest = parsePageRequest(request);
  return pageResponse(request, listStudies(user.id, pageRequest), pageRequest.limit);
});

export const action = apiHandler(async () => methodNotAllowed());
