import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminUserUpdateSchema } from "~/modules/admin/schemas";
import { deleteUser, updateUser } from "~/modules/admin/users.server";
import { requireApiAdmin } from "~/modules/auth/request.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  methodNotAllowed();
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  const userId = params.userId!;
  switch (request.method) {
    case "PATCH": {
      const change = await parseJsonBody(request, adminUserUpdateSchema);
      return updateUser(admin.id, userId, change);
    }
    case "DELETE":
      deleteUser(admin.id, userId);
      return { success: true };
    default:
      methodNotAllowed();
  }
});
