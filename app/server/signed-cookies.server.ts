import { appCookies, parseCookies, SESSION_COOKIE, TOAST_COOKIE } from "~/utils/cookies.server";

/** A session token as sessions.server.ts makes them: 32 random bytes, base64url. */
const BARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Checks the signed cookies of a Cookie header once, before the request reaches Remix, and hands
 * the app the header with their verified values (a cookie whose signature fails is dropped), so
 * the many synchronous `requireUser(request)` calls read a value already checked.
 *
 * A bare session token (no signature) is kept: the token is itself the credential, the same one
 * API clients send as `Authorization: Bearer`, and it is looked up by its hash, so a signature
 * adds no protection to it; what the signature refuses is a browser cookie altered in any way.
 */
export async function verifySignedCookies(header: string | undefined): Promise<string | undefined> {
  if (!header || (!header.includes(`${SESSION_COOKIE}=`) && !header.includes(`${TOAST_COOKIE}=`))) return header;
  const cookies = appCookies();
  const raw = parseCookies(header);
  const kept = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.slice(0, part.indexOf("=")).trim();
      return part && name !== SESSION_COOKIE && name !== TOAST_COOKIE;
    });

  const sessionValue = raw[SESSION_COOKIE];
  if (sessionValue) {
    const token = BARE_TOKEN.test(sessionValue) ? sessionValue : await cookies.session.parse(header);
    if (typeof token === "string" && token) kept.push(`${SESSION_COOKIE}=${token}`);
  }
  if (raw[TOAST_COOKIE]) {
    const toast = await cookies.toast.parse(header);
    if (toast && typeof toast === "object") kept.push(`${TOAST_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}`);
  }
  return kept.length > 0 ? kept.join("; ") : undefined;
}
