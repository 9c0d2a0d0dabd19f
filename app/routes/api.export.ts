import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportArchive } from "~/modules/account/export.server";
import { requireApiUser } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, zipDownloadResponse } from "~/utils/api.server";

/** The caller's data as a zip: data.json and a Markdown file per study and per library item. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  zipDownloadResponse(await exportArchive((await requireApiUser(request)).id)),
);

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});
