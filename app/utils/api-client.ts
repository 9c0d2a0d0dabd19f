import { browserTimeZone, TIME_ZONE_HEADER } from "./time-zone";

/**
 * Browser-side JSON calls to our own API (SPEC §4, §8). A 401 means the session ended: the
 * session-expired flag is set and the user goes to /login. Any other failure throws an Error whose
 * message is the answer's `error`, else its `message`, else `HTTP error! status: N`.
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

export async function apiRequest<T = unknown>(
  path: string,
  { method = "GET", body, signal }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const timeZone = browserTimeZone();
  const response = await fetch(path, {
    method,
    signal,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      // The reader's own calendar decides "today" and streaks (see app/utils/time-zone.ts).
      ...(timeZone ? { [TIME_ZONE_HEADER]: timeZone } : {}),
    },
    body: body === undefined || method === "GET" ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) sessionExpired();
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new ApiError(errorMessageOf(parsed, response.status), response.status, parsed);
  return parsed as T;
}
