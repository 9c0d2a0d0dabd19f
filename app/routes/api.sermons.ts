import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { addManualContent, listContent } from "~/modules/library/content.server";
import { manualContentSchema } from "~/modules/library/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  const user = requireApiUser(request);
  return listContent(user.id);
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = requireApiUser(request);
  const input = await parseJsonBody(request, manualContentSchema);
  return jsonResponse(addManualContent(user.id, input), { status: 201 });
});
