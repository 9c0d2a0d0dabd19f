import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/modules/account/password.server";
import { resetPasswordApiSchema } from "~/modules/account/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(() => methodNotAllowed());

/** Sets a new password with the token of a reset link; every session of the account ends. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const input = await parseJsonBody(request, resetPasswordApiSchema);
  await resetPassword(input);
  return new Response(null, { status: 204 });
});
