import type { ActionFunctionArgs } from "@remix-run/node";
import { changePassword } from "~/modules/account/password.server";
import { changePasswordApiSchema } from "~/modules/account/schemas";
import { readSessionToken, requireApiUser } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method !== "POST") methodNotAllowed();
  const input = await parseJsonBody(request, changePasswordApiSchema);
  await changePassword(user, (await readSessionToken(request))!, input, context.clientAddress);
  return new Response(null, { status: 204 });
});
