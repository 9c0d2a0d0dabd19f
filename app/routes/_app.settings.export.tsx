import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse } from "~/modules/account/export.server";
import { requireUser } from "~/modules/auth/request.server";

/** The settings page's Export my data: the same zip as GET /api/export, for the signed-in page. */
export async function loader({ request }: LoaderFunctionArgs) {
  return exportResponse(requireUser(request).id);
}
