import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { AppError, ReplicaWriteError } from "~/utils/errors";
import { firstErrorMessage, replyWithoutEcho } from "~/utils/form-reply";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * How a page action answers a domain module's refusal (an AppError): the one place where the
 * pages turn one into an answer, as app/utils/api.server.ts does for the JSON API.
 */

/**
 * The refusal a module threw. Anything else was not expected and goes on up, to the route's
 * ErrorBoundary; so does a write that reached a read-only replica, which entry.server.tsx sends
 * on to the primary.
 */
export function refusalOf(error: unknown): AppError {
  if (error instanceof AppError && !(error instanceof ReplicaWriteError)) return error;
  throw error;
}

/**
 * A loader's refusal, for the route's ErrorBoundary: thrown as a response with the error's status
 * (the boundary shows its status's page: not found, no access; never the message itself).
 */
export function pageRefusal(error: unknown): never {
  const refusal = refusalOf(error);
  throw data({ message: refusal.message }, { status: refusal.status });
}

interface Submission {
  payload: Record<string, unknown>;
  reply: (options?: {
    hideFields?: string[];
    resetForm?: boolean;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>;
}

interface ReplyOptions<Extra> {
  /** The parsed form, for conform's reply (its values come back, unless hidden or too long). */
  submission?: Submission;
  /** Fields never sent back (passwords). */
  hide?: string[];
  /** A refusal that names no field is shown beside this one (the password of the form). */
  field?: string;
  /** What else the page reads beside the message (which form failed, the topics to offer). */
  extra?: Extra | ((refusal: AppError) => Extra);
}

/**
 * The refusal as the action's answer, with its status (and Retry-After): `id` (so each answer
 * toasts once), `error` (the message, for the toast and the page without scripts) and `result`,
 * conform's reply with the message as the form's error and the module's field errors beside
 * their fields.
 */
export function refusalReply<Extra extends object = object>(error: unknown, options: ReplyOptions<Extra> = {}) {
  const refusal = refusalOf(error);
  const message = refusal.message;
  const fieldErrors = refusal.details?.fieldErrors ?? (options.field ? { [options.field]: [message] } : undefined);
  const formErrors = options.field ? [] : [message];
  const result: SubmissionResult<string[]> = options.submission
    ? replyWithoutEcho(options.submission, { hide: options.hide, formErrors, fieldErrors })
    : { status: "error", error: { ...fieldErrors, ...(formErrors.length ? { "": formErrors } : {}) } };
  const extra = typeof options.extra === "function" ? options.extra(refusal) : options.extra;
  const retryAfter = refusal.details?.retryAfterSeconds;
  return data(
    { ...(extra as Extra), id: crypto.randomUUID(), error: message, result },
    { status: refusal.status, headers: retryAfter ? { "retry-after": String(retryAfter) } : undefined },
  );
}

/** The refusal for a form posted without scripts that leaves the page: back to `to`, saying why. */
export function refusalToast(error: unknown, to: string, title: string) {
  return redirectWithToast(to, { title, description: refusalOf(error).message, variant: "destructive" });
}

/**
 * A form that did not pass its schema, in the same shape as a refusal (400): `error` is the first
 * of its messages, else `fallback`.
 */
export function invalidReply<Extra extends object = object>(
  submission: Submission & { error?: Record<string, string[] | null> | null },
  { fallback = "Please check the form", hide, extra }: { fallback?: string; hide?: string[]; extra?: Extra } = {},
) {
  return data(
    {
      ...(extra as Extra),
      id: crypto.randomUUID(),
      error: firstErrorMessage(submission.error, fallback),
      result: replyWithoutEcho(submission, { hide }),
    },
    { status: 400 },
  );
}
