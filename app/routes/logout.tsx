import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearSessionCookie, readSessionToken } from "~/modules/auth/request.server";
import { revokeSession } from "~/modules/auth/sessions.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await readSessionToken(request);
  if (token) revokeSession(token);
  return redirect("/login", { headers: { "set-cookie": clearSessionCookie() } });
}
