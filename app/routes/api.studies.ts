import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { listStudies } from "~/modules/studies/studies.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** GET /api/studies: the user's studies, newest first. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return listStudies(user.id);
});

export const action = apiHandler(() => methodNotAllowed());
