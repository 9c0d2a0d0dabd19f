import { z } from "zod";

export const RETURN_PARAM = "redirectTo";

const MAX_LENGTH = 2000;
// Only the path, query and fragment are kept, so the base's name never reaches an answer.
const OWN_ORIGIN = "http://self.invalid";
// C0 and C1 controls (tab, CR and LF among them: URL parsers drop them, so "/\t/evil" becomes
// "//evil"), backslashes (read as "/"), and Unicode spaces and line breaks.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const REFUSED = /[\u0000-\u001f\u007f-\u009f\\\s\u200b-\u200f\u2028-\u202f\u2060\ufeff]/u;
const DECODE_ROUNDS = 3;

/** Each run of %XX escapes decoded as UTF-8; a run that is not UTF-8 stays as written (as a browser leaves it). */
function percentDecoded(text: string) {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Where a redirect may send someone back to: a path on this site, or null. Refused: anything
 * that is not a path starting with one "/", control characters, backslashes and Unicode spaces,
 * also once percent-decoded (a few times over, so `%2509` is caught too); then the path is
 * resolved against our own origin and kept only when it stays there. The answer is the resolved
 * path (`/a/./b` becomes `/a/b`), so the redirect goes exactly where was checked.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  let text = value;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!text.startsWith("/") || text.startsWith("//") || REFUSED.test(text)) return null;
    const decoded = percentDecoded(text);
    if (decoded === text) break;
    if (round === DECODE_ROUNDS) return null;
    text = decoded;
  }
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? null : path;
}

/** A form's `redirectTo`: a path on this site (see safeLocalPath), handed on in its resolved form. */
export const localPathSchema = z
  .string()
  .max(MAX_LENGTH)
  .transform((path, context) => {
    const safe = safeLocalPath(path);
    if (safe === null) {
      context.addIssue({ code: "custom", message: "Must be a path on this site" });
      return z.NEVER;
    }
    return safe;
  });

/** Where to go after signing in: `?redirectTo=` of the sign-in page's address when it is a path on this site, else the dashboard. */
export function returnPathFrom(request: Request): string {
  return safeLocalPath(new URL(request.url).searchParams.get(RETURN_PARAM)) ?? "/";
}
