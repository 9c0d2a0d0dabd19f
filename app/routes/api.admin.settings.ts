import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { aiSettingsUpdateSchema } from "~/modules/admin/schemas";
import { getAiSettings, updateAiSettings } from "~/modules/ai/settings.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return getAiSettings();
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "PATCH" && request.method !== "PUT") methodNotAllowed();
  const changes = await parseJsonBody(request, aiSettingsUpdateSchema);
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return updateAiSettings({ ...getAiSettings(), ...given });
});
