import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { importExport } from "~/modules/account/import.server";
import { readUpload } from "~/modules/account/upload.server";
import { requireApiUser } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});

/** Imports an export zip (the body itself, or a file field of a multipart form): what was added. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method !== "POST") methodNotAllowed();
  return await importExport(user.id, await readUpload(request));
});
