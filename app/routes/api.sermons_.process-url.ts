import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { processUrl } from "~/modules/content/process.server";
import { processUrlSchema } from "~/modules/content/schemas";
import { apiHandler, errorResponse, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async () => methodNotAllowed());

// SPEC §3 "processed content result": failures carry success: false beside the error.
export async function action({ request }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") methodNotAllowed();
    const user = await requireApiUser(request);
    const input = await parseJsonBody(request, processUrlSchema);
    const content = await processUrl(user.id, input, { signal: request.signal });
    return jsonResponse({ success: true, content });
  } catch (error) {
    const failure = errorResponse(error);
    const body = (await failure.json()) as Record<string, unknown>;
    return jsonResponse({ success: false, ...body }, { status: failure.status, headers: failure.headers });
  }
}
