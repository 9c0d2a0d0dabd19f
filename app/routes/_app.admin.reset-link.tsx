import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { createResetLink } from "~/modules/account/password.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { requireAdminUser } from "~/modules/auth/request.server";
import { errorResponse } from "~/utils/api.server";

const resetLinkFormSchema = z.object({
  userId: z.string({ error: "userId is required" }).min(1, "userId is required").max(100, "User not found"),
});

/** A browser that opens this address is sent to the Admin Console (the dialog only posts here). */
export async function loader() {
  return redirect("/admin");
}

/** The Admin Console's reset-link dialog posts here: `{ url, expiresAt }`, or `{ error }`. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminUser(request);
  const parsed = resetLinkFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 });
  try {
    return Response.json(createResetLink(parsed.data.userId, publicOrigin(context)), {
      headers: { "cache-control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
