import { redirect } from "@remix-run/node";
import { appCookies, parseCookies, TOAST_COOKIE } from "~/utils/cookies.server";

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
 * The pending toast, if any, and the header that clears it once shown. The signature was checked
 * before the request reached the app (app/server/signed-cookies.server.ts): what is here is ours.
 */
export function readToast(request: Request): { toast: FlashToast | null; clearCookie?: string } {
  const raw = parseCookies(request.headers.get("cookie"))[TOAST_COOKIE];
  if (!raw) return { toast: null };
  const clearCookie = appCookies().clearToast;
  try {
    const parsed = JSON.parse(raw);
    if (typeof parsed?.title !== "string" || typeof parsed?.id !== "string") {
      return { toast: null, clearCookie };
    }
    return {
      toast: {
        id: parsed.id,
        title: parsed.title,
        description: typeof parsed.description === "string" ? parsed.description : undefined,
        variant: parsed.variant === "destructive" ? "destructive" : "default",
      },
      clearCookie,
    };
  } catch {
    return { toast: null, clearCookie };
  }
}

export async function redirectWithToast(url: string, toast: Omit<FlashToast, "id">, headers: HeadersInit = {}) {
  const merged = new Headers(headers);
  merged.append("set-cookie", await toastCookie(toast));
  return redirect(url, { headers: merged });
}
