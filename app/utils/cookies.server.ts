import { createCookie, type Cookie } from "@remix-run/node";
import { parse } from "cookie";

/**
 * The app's cookies, all made by Remix's createCookie. The session and toast cookies are signed
 * with the secrets set at start-up (SESSION_SECRET, or one kept in the database); their readers
 * (auth/request.server, utils/toast.server) parse them with these cookies, which check the signature.
 */
export const SESSION_COOKIE = "sb_session";
export const TOAST_COOKIE = "sb_toast";
export const SESSION_EXPIRED_COOKIE = "sb_session_expired";

/** The value of one cookie of a `Cookie` header (the first of its name), undecodable ones as sent. */
export function readCookie(header: string | null, name: string): string | undefined {
  return header ? parse(header)[name] : undefined;
}

interface AppCookies {
  session: Cookie;
  toast: Cookie;
  /** Unsigned: it only says that the last session ended on its own (a notice on /login). */
  sessionExpired: Cookie;
  /** Header values that never change, made once so synchronous code can send them. */
  clearSession: string;
  clearToast: string;
  clearSessionExpired: string;
  setSessionExpired: string;
}

const registryKey = Symbol.for("sagacity-bites.cookies");
type Registry = { current?: AppCookies };
const registry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {}) as Registry;

/** Called at start-up; the first secret signs, every one of them is accepted (rotation). */
export async function configureCookies({ secrets, secure }: { secrets: string[]; secure: boolean }) {
  if (secrets.length === 0) throw new Error("At least one cookie secret is needed");
  const base = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  const session = createCookie(SESSION_COOKIE, { ...base, secrets });
  const toast = createCookie(TOAST_COOKIE, { ...base, secrets, maxAge: 60 });
  const sessionExpired = createCookie(SESSION_EXPIRED_COOKIE, { ...base, maxAge: 300 });
  registry.current = {
    session,
    toast,
    sessionExpired,
    clearSession: await session.serialize("", { maxAge: 0 }),
    clearToast: await toast.serialize("", { maxAge: 0 }),
    clearSessionExpired: await sessionExpired.serialize("", { maxAge: 0 }),
    setSessionExpired: await sessionExpired.serialize(true),
  };
}

export function appCookies(): AppCookies {
  if (!registry.current) throw new Error("Cookies are configured by startServer before any request");
  return registry.current;
}
