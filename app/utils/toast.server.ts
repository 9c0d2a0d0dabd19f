import { redirect } from "@remix-run/node";
import { appCookies, readCookie, TOAST_COOKIE } from "~/utils/cookies.server";

export interface FlashToast {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A Set-Cookie value carrying a toast to show on the next page the browser loads (signed). */
export function toastCookie(toast: Omit<FlashToast, "id">) {
  return appCookies().toast.serialize({ ...toast, id: crypto.randomUUID() });
}

/**
 * The pending toast, if any, and the header that clears it once shown. Its cookie is signed: one
 * altered (or signed with a retired secret) is no toast, and is cleared too.
 */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; clearCookie?: string }> {
  const header = request.headers.get("cookie");
  if (!readCookie(header, TOAST_COOKIE)) return { toast: null };
  const cookies = appCookies();
  const clearCookie = cookies.clearToast;
  const parsed: unknown = await cookies.toast.parse(header);
  if (!parsed || typeof parsed !== "object") return { toast: null, clearCookie };
  const { id, title, description, variant } = parsed as Record<string, unknown>;
  if (typeof title !== "string" || typeof id !== "string") return { toast: null, clearCookie };
  return {
    toast: {
      id,
      title,
      description: typeof description === "string" ? description : undefined,
      variant: variant === "destructive" ? "destructive" : "default",
    },
    clearCookie,
  };
}

export async function redirectWithToast(url: string, toast: Omit<FlashToast, "id">, headers: HeadersInit = {}) {
  const merged = new Headers(headers);
  merged.append("set-cookie", await toastCookie(toast));
  return redirect(url, { headers: merged });
}
