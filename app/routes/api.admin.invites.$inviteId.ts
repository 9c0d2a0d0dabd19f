import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { revokeInvite } from "~/modules/auth/signup.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  methodNotAllowed();
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "DELETE") methodNotAllowed();
  revokeInvite(params.inviteId!);
  return { success: true };
});
