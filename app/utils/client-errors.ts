/**
 * How a page's own scripted request (the Lesson Plans stream) reports failure (SPEC §4, §8): an
 * ended session sets the session-expired flag and goes to /login; any other failure is an Error
 * whose message is the answer's `error`, else its `message`, else `HTTP error! status: N`.
 */
export const SESSION_EXPIRED_FLAG = "sb_session_expired";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** SPEC §8: on a 401 the session-expired flag is set and the user goes to /login. Always throws. */
export function sessionExpired(): never {
  const path = window.location.pathname.toLowerCase();
  if (path !== "/login" && path !== "/register") {
    try {
      window.sessionStorage.setItem(SESSION_EXPIRED_FLAG, "true");
    } catch {
      // Storage can be disabled; the redirect still happens.
    }
    window.location.assign("/login");
  }
  throw new ApiError("Your session has expired. Please sign in again to continue.", 401, null);
}

/** The message SPEC §8 gives a failed answer: its error, else its message, else the status. */
export function errorMessageOf(body: unknown, status: number): string {
  const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  return typeof record.error === "string"
    ? record.error
    : typeof record.message === "string"
      ? record.message
      : `HTTP error! status: ${status}`;
}
