import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { describeImport } from "~/modules/account/archive";
import { importExport } from "~/modules/account/import.server";
import { readUpload } from "~/modules/account/upload.server";
import { requireUser } from "~/modules/auth/request.server";
import { refusalToast } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

/** A browser that opens this address is sent to the settings page, where the Import form is. */
export async function loader() {
  return redirect("/settings");
}

/**
 * The settings page's Import: a whole-page multipart post (no script needed for a large file),
 * answered with a redirect back to the settings and a toast that sums up what was added.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    const summary = await importExport(user.id, await readUpload(request));
    return redirectWithToast("/settings", { title: "Import complete", description: describeImport(summary) });
  } catch (error) {
    return refusalToast(error, "/settings", "Import failed");
  }
}
