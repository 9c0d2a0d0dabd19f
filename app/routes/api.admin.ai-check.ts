import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { checkAiConnection } from "~/modules/ai/connection-check.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  methodNotAllowed();
});

/** POST /api/admin/ai-check: checks the endpoint the server is configured with (nothing to send). */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method !== "POST") methodNotAllowed();
  await parseJsonBody(request, z.strictObject({}, { error: "This check takes no options: send an empty body" }));
  return checkAiConnection();
});
