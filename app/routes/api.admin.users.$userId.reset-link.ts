import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createResetLink } from "~/modules/account/password.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { publicOrigin } from "~/utils/public-origin.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  methodNotAllowed();
});

/** A one-time reset link for the user (24 hours); the server keeps only its hash. */
export const action = apiHandler(async ({ request, params, context }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "POST") methodNotAllowed();
  return createResetLink(params.userId!, publicOrigin(context));
});
