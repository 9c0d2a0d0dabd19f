import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { deleteLibraryItem, getLibraryItem } from "~/modules/library/items.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getLibraryItem(user.id, params.id ?? "");
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") methodNotAllowed();
  const user = await requireApiUser(request);
  deleteLibraryItem(user.id, params.id ?? "");
  return { success: true, id: params.id };
});
