import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteOwnAccount } from "~/modules/account/delete.server";
import { deleteAccountSchema } from "~/modules/account/schemas";
import { clearSessionCookie, requireApiUser } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});

/** Deletes the caller's own account and everything it holds, after checking the password. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method !== "DELETE") methodNotAllowed();
  const { password } = await parseJsonBody(request, deleteAccountSchema);
  await deleteOwnAccount(user, password, context.clientAddress);
  return new Response(null, { status: 204, headers: { "set-cookie": clearSessionCookie() } });
});
