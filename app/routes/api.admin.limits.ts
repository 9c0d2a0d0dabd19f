import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { clearLimit, listLimits } from "~/modules/admin/limits.server";
import { limitClearSchema } from "~/modules/admin/schemas";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/admin/limits: who the sign-up and sign-in limits hold back now, the longest-held first. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return listLimits();
});

/** DELETE /api/admin/limits {kind, key}: lifts that limit; one that has ended is a 404. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "DELETE") methodNotAllowed();
  const { kind, key } = await parseJsonBody(request, limitClearSchema);
  clearLimit(kind, key);
  return { success: true };
});
