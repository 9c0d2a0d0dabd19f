import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getProfile, updateProfile } from "~/modules/profile/profile.server";
import { profileUpdateSchema } from "~/modules/profile/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getProfile(user.id);
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method !== "PATCH" && request.method !== "PUT") methodNotAllowed();
  const changes = await parseJsonBody(request, profileUpdateSchema);
  return updateProfile(user.id, changes);
});
