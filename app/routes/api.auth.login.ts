import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyLogin } from "~/modules/auth/accounts.server";
import { loginSchema } from "~/modules/auth/schemas";
import { createSession } from "~/modules/auth/sessions.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(() => methodNotAllowed());

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const credentials = await parseJsonBody(request, loginSchema);
  const user = await verifyLogin(credentials, context.clientAddress);
  const session = createSession(user.id);
  return { token: session.token, expiresAt: session.expiresAt };
});
