/**
 * Fields a form reply must not send back: conform's `submission.reply()` echoes every submitted
 * value into the page (the input's value and the page's data), so a 1 MB value refused for its
 * length came back as 1 MB of HTML. Values longer than any field accepts are left out (the input
 * shows empty), as are the fields that are never echoed (passwords).
 */
const ECHO_LIMIT = 2_000;

export function fieldsNotToEcho(payload: Record<string, unknown>, always: string[] = []): string[] {
  const hidden = new Set(always);
  for (const [name, value] of Object.entries(payload)) {
    const values = Array.isArray(value) ? value : [value];
    // A field name no form has (a hostile key) is not sent back either.
    if (name.length > 100 || values.length > 100 || values.some((item) => typeof item === "string" && item.length > ECHO_LIMIT)) {
      hidden.add(name);
    }
  }
  return [...hidden];
}
