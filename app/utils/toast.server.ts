import { redirect } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { parseCookies } from "~/modules/auth/request.server";

export interface FlashToast {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

const TOAST_COOKIE = "sb_toast";

function attributes(maxAge: number) {
  const secure = getConfig().COOKIE_SECURE ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** A Set-Cookie value carrying a toast to show on the next page the browser loads. */
export function toastCookie(toast: Omit<FlashToast, "id">) {
  const value = Buffer.from(
    JSON.stringify({ ...toast, id: crypto.randomUUID() }),
    "utf8",
  ).toString("base64url");
  return `${TOAST_COOKIE}=${value}; ${attributes(60)}`;
}

/** The pending toast, if any, and the header that clears it once shown. */
export function readToast(request: Request): { toast: FlashToast | null; clearCookie?: string } {
  const raw = parseCookies(request.headers.get("cookie"))[TOAST_COOKIE];
  if (!raw) return { toast: null };
  const clearCookie = `${TOAST_COOKIE}=; ${attributes(0)}`;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
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

export function redirectWithToast(
  url: string,
  toast: Omit<FlashToast, "id">,
  headers: HeadersInit = {},
) {
  const merged = new Headers(headers);
  merged.append("set-cookie", toastCookie(toast));
  return redirect(url, { headers: merged });
}
