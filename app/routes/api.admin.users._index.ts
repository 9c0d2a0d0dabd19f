import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/modules/admin/users.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  requireApiAdmin(request);
  return listUsers();
});

export const action = apiHandler(({ request }: LoaderFunctionArgs) => {
  requireApiAdmin(request);
  methodNotAllowed();
});
