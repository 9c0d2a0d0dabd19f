import { redirect } from "@remix-run/node";
import { appCookies, readCookie, SESSION_COOKIE } from "~/utils/cookies.server";
import { ForbiddenError, UnauthorizedError } from "~/utils/errors";
import { RETURN_PARAM } from "~/utils/local-path";
import { findSessionUser, type SessionUser } from "./sessions.server";

export { SESSION_COOKIE };

/** A session token as sessions.server.ts makes them: 32 random bytes, base64url. */
const BARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The Set-Cookie value of a new session (signed; see app/utils/cookies.server.ts). */
export function sessionCookie(token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return appCookies().session.serialize(token, { maxAge });
}

export function clearSessionCookie() {
  return appCookies().clearSession;
}

/**
 * What a request says about its session: the token of `Authorization: Bearer` (API clients) or of
 * the signed session cookie (pages), and whether it carried a session cookie whose signature
 * failed (altered, or signed with a secret since retired): `stale`.
 *
 * A bare token in the cookie (no signature) is accepted: the token is itself the credential, the
 * same one API clients send as a Bearer token, looked up by its hash, so a signature adds nothing
 * to it; what the signature refuses is a cookie altered in any way.
 */
export function readSession(request: Request): Promise<{ token: string | null; stale: boolean }> {
  // A page's loaders (the layout's and the page's) all ask: the signature is checked once a request.
  let session = sessions.get(request);
  if (!session) {
    session = readSessionOnce(request);
    sessions.set(request, session);
  }
  return session;
}

const sessions = new WeakMap<Request, Promise<{ token: string | null; stale: boolean }>>();

async function readSessionOnce(request: Request): Promise<{ token: string | null; stale: boolean }> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    return { token: match ? match[1]! : null, stale: false };
  }
  const header = request.headers.get("cookie");
  const raw = readCookie(header, SESSION_COOKIE);
  if (!raw) return { token: null, stale: false };
  if (BARE_TOKEN.test(raw)) return { token: raw, stale: false };
  const token: unknown = await appCookies().session.parse(header);
  return typeof token === "string" && token ? { token, stale: false } : { token: null, stale: true };
}

/** The session token of the request, if it has a valid one (see readSession). */
export async function readSessionToken(request: Request): Promise<string | null> {
  return (await readSession(request)).token;
}

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const { token } = await readSession(request);
  return token ? findSessionUser(token) : null;
}

/**
 * For pages: the signed-in user, or a redirect to /login (to `redirectTo` after signing in, when
 * given). A session that existed but has ended (expired, revoked, account deactivated, or a cookie
 * whose signature no longer holds) is cleared and raises the "Session expired" notice there.
 */
export async function requireUser(
  request: Request,
  { redirectTo }: { redirectTo?: string } = {},
): Promise<SessionUser> {
  const { token, stale } = await readSession(request);
  const user = token ? findSessionUser(token) : null;
  if (user) return user;
  const headers = new Headers();
  if (token || stale) {
    headers.append("set-cookie", clearSessionCookie());
    headers.append("set-cookie", appCookies().setSessionExpired);
  }
  const login = redirectTo ? `/login?${new URLSearchParams({ [RETURN_PARAM]: redirectTo })}` : "/login";
  throw redirect(login, { headers });
}

/** For admin pages: a non-admin is sent to the dashboard. */
export async function requireAdminUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}

/** For /login and /register: someone already signed in goes to the dashboard. */
export async function redirectIfSignedIn(request: Request) {
  if (await getOptionalUser(request)) throw redirect("/");
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
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** For admin API rows: 401 without a session, 403 for a non-admin. */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw new ForbiddenError("Admin access required");
  return user;
}
