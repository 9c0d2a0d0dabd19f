import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { revokeInvite } from "~/modules/auth/signup.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  requireApiAdmin(request);
  methodNotAllowed();
});

export const action = apiHandler(({ request, params }: ActionFunctionArgs) => {
  requireApiAdmin(request);
  if (request.method !== "DELETE") methodNotAllowed();
  revokeInvite(params.inviteId!);
  return { success: true };
});
