import type { z } from "zod";
import { ValidationError } from "~/utils/errors";

// A zod failure as a typed error: domain modules throw it, app/utils/api.server.ts answers it.
//
// An error answer never grows with the input: zod's messages can quote an unknown key or a value
// (a 100,000-character key became a 200 KB error), and a long list of bad items gives an issue each.
export const MAX_MESSAGE_CHARS = 300;
const MAX_FIELD_KEY_CHARS = 100;
const MAX_ISSUES = 20;

export function clipText(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function validationErrorFrom(error: z.ZodError): ValidationError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues.slice(0, MAX_ISSUES)) {
    const key = clipText(issue.path.length > 0 ? issue.path.join(".") : "body", MAX_FIELD_KEY_CHARS);
    (fieldErrors[key] ??= []).push(clipText(issue.message, MAX_MESSAGE_CHARS));
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length > 0 && !/^[A-Z]/.test(first.message)
      ? `${clipText(first.path.join("."), MAX_FIELD_KEY_CHARS)}: ${first.message}`
      : first.message
    : "Invalid request";
  return new ValidationError(clipText(message, MAX_MESSAGE_CHARS), fieldErrors);
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}
