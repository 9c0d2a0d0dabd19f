import type { ActionFunctionArgs } from "@remix-run/node";
import { registerUser } from "~/modules/auth/accounts.server";
import { registerApiSchema } from "~/modules/auth/schemas";
import { createSession } from "~/modules/auth/sessions.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(() => methodNotAllowed());

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const input = await parseJsonBody(request, registerApiSchema);
  const user = await registerUser(input, context.clientAddress);
  const session = createSession(user.id);
  return jsonResponse(
    {
      user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
      token: session.token,
      expiresAt: session.expiresAt,
    },
    { status: 201 },
  );
});
