import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportArchive } from "~/modules/account/export.server";
import { requireUser } from "~/modules/auth/request.server";
import { zipDownloadResponse } from "~/utils/api.server";
import { refusalToast } from "~/utils/refusal.server";

/**
 * The settings page's Export my data: the same zip as GET /api/export, for the signed-in page. A
 * refusal (too many exports this hour) goes back to the settings with a toast saying so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return zipDownloadResponse(await exportArchive(user.id));
  } catch (error) {
    return refusalToast(error, "/settings", "Export failed");
  }
}
