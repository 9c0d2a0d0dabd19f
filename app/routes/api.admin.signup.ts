import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { signupModeUpdateSchema } from "~/modules/admin/schemas";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { getSignupSettings, setSignupMode } from "~/modules/auth/signup.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return getSignupSettings();
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "PATCH" && request.method !== "PUT") methodNotAllowed();
  const { mode } = await parseJsonBody(request, signupModeUpdateSchema);
  return setSignupMode(mode);
});
