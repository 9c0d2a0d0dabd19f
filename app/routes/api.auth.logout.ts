import type { ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, readSessionToken } from "~/modules/auth/request.server";
import { revokeSession } from "~/modules/auth/sessions.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const token = await readSessionToken(request);
  if (token) revokeSession(token);
  return jsonResponse({ success: true }, { headers: { "set-cookie": clearSessionCookie() } });
});
