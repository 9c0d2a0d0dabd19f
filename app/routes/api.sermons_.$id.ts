import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { deleteContent, getContent } from "~/modules/library/content.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return getContent(user.id, params.id ?? "");
});

export const action = apiHandler(({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") methodNotAllowed();
  const user = requireApiUser(request);
  deleteContent(user.id, params.id ?? "");
  return { success: true, id: params.id };
});
