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
    if (
      name.length > 100 ||
      values.length > 100 ||
      values.some((item) => typeof item === "string" && item.length > ECHO_LIMIT)
    ) {
      hidden.add(name);
    }
  }
  return [...hidden];
}

interface ReplyOptions {
  resetForm?: boolean;
  /** A refusal about the whole form (a domain error's message) and about single fields. */
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

interface ReplyingSubmission<Result> {
  payload: Record<string, unknown>;
  reply: (options?: ReplyOptions & { hideFields?: string[] }) => Result;
}

/** Deeper than any form's fields nest (profile's favoriteTeachers[0] is two levels). */
const MAX_FIELD_DEPTH = 8;

function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > limit) return true;
    level = level.flatMap((item) => (item && typeof item === "object" ? Object.values(item) : []));
  }
  return false;
}

/**
 * `submission.reply()` without sending back what the form never had: values longer than any field
 * takes, hostile field names (in the values and in the errors, which are keyed by name) and the
 * fields listed in `hide`.
 */
export function replyWithoutEcho<Result>(
  submission: ReplyingSubmission<Result>,
  { hide = [], ...options }: ReplyOptions & { hide?: string[] } = {},
): Result {
  // A name like "a.b.c..." nests its value that deep, and the reply walks the values recursively: a
  // 100,000-level name overflowed the stack. No form has such a field; it is dropped before the reply.
  for (const [name, value] of Object.entries(submission.payload)) {
    if (nestedDeeperThan(value, MAX_FIELD_DEPTH)) delete submission.payload[name];
  }
  const result = submission.reply({ ...options, hideFields: fieldsNotToEcho(submission.payload, hide) });
  // Names show up in the errors (keyed by name) and in the form's state (a list of field names).
  const reply = result as {
    error?: Record<string, unknown> | null;
    state?: Record<string, unknown>;
    fields?: unknown[];
  };
  const hostile = (name: string) => name.length > 100;
  if (Array.isArray(reply.fields))
    reply.fields = reply.fields.filter((name) => typeof name !== "string" || !hostile(name));
  if (reply.error) for (const name of Object.keys(reply.error)) if (hostile(name)) delete reply.error[name];
  for (const [key, value] of Object.entries(reply.state ?? {})) {
    if (Array.isArray(value)) reply.state![key] = value.filter((name) => typeof name !== "string" || !hostile(name));
    else if (value && typeof value === "object") {
      for (const name of Object.keys(value)) if (hostile(name)) delete (value as Record<string, unknown>)[name];
    }
  }
  return result;
}

/** The first of a submission's error messages, short: zod quotes an unknown key in its message. */
export function firstErrorMessage(
  error: Record<string, string[] | null | undefined> | null | undefined,
  fallback: string,
) {
  const message = Object.values(error ?? {}).flat()[0] ?? fallback;
  return message.length > 300 ? `${message.slice(0, 299)}…` : message;
}

/** A reply's errors by field, without the form's own (conform keys those ""). */
export function fieldErrorsOf(result: { error?: Record<string, string[] | null> | null } | undefined) {
  return Object.fromEntries(
    Object.entries(result?.error ?? {}).flatMap(([name, messages]) => (name && messages ? [[name, messages]] : [])),
  ) as Record<string, string[]>;
}
