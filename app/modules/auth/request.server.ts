import { redirect } from "@remix-run/node";
import { appCookies, parseCookies, SESSION_COOKIE } from "~/utils/cookies.server";
import { ForbiddenError, UnauthorizedError } from "~/utils/errors";
import { findSessionUser, type SessionUser } from "./sessions.server";

export { SESSION_COOKIE };

/** The Set-Cookie value of a new session (signed; see app/utils/cookies.server.ts). */
export function sessionCookie(token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return appCookies().session.serialize(token, { maxAge });
}

export function clearSessionCookie() {
  return appCookies().clearSession;
}

/** The session token from `Authorization: Bearer` (API clients) or the session cookie (pages). */
export function readSessionToken(request: Request): string | null {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    return match ? match[1]! : null;
  }
  return parseCookies(request.headers.get("cookie"))[SESSION_COOKIE] || null;
}

export function getOptionalUser(request: Request): SessionUser | null {
  const token = readSessionToken(request);
  return token ? findSessionUser(token) : null;
}

/**
 * For pages: the signed-in user, or a redirect to /login. A session that existed but has ended
 * (expired, revoked, account deactivated) also raises the "Session expired" notice there.
 */
export function requireUser(request: Request): SessionUser {
  const token = readSessionToken(request);
  const user = token ? findSessionUser(token) : null;
  if (user) return user;
  const headers = new Headers();
  if (token) {
    headers.append("set-cookie", clearSessionCookie());
    headers.append("set-cookie", appCookies().setSessionExpired);
  }
  throw redirect("/login", { headers });
}

/** For admin pages: a non-admin is sent to the dashboard. */
export function requireAdminUser(request: Request): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}

/** For /login and /register: someone already signed in goes to the dashboard. */
export function redirectIfSignedIn(request: Request) {
  if (getOptionalUser(request)) throw redirect("/");
}

/** Whether this visitor's last session ended on its own; reading the flag also clears it. */
export async function consumeSessionExpiredFlag(request: Request) {
  const cookies = appCookies();
  const expired = (await cookies.sessionExpired.parse(request.headers.get("cookie"))) === true;
  return {
    expired,
    headers: expired ? { "set-cookie": cookies.clearSessionExpired } : undefined,
  };
}

/** For the JSON API: 401 without a valid session. */
export function requireApiUser(request: Request): SessionUser {
  const user = getOptionalUser(request);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** For admin API rows: 401 without a session, 403 for a non-admin. */
export function requireApiAdmin(request: Request): SessionUser {
  const user = requireApiUser(request);
  if (!user.isAdmin) throw new ForbiddenError("Admin access required");
  return user;
}
