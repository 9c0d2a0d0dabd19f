import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inviteCreateSchema } from "~/modules/admin/schemas";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { createInvite, listPendingInvites } from "~/modules/auth/signup.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return listPendingInvites();
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") methodNotAllowed();
  const { expiresInDays } = await parseJsonBody(request, inviteCreateSchema);
  return jsonResponse(createInvite(admin.id, expiresInDays), { status: 201 });
});
