/**
 * Expected failures. Domain modules throw these; the API and the pages turn them into answers in
 * one place (app/utils/api.server.ts), so a message written here is what the user reads.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: {
      fieldErrors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      /** What to ask instead (the closest topics), for the page to offer. */
      suggestions?: string[];
    },
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(message, 400, { fieldErrors });
  }
}

/** Understood but not answerable as asked (a topic the writer has no passages for): the message says what to ask instead. */
export class UnprocessableError extends AppError {
  constructor(message: string, suggestions?: string[]) {
    super(message, 422, { suggestions });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Authentication required") {
    super(message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do that") {
    super(message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = "Request body is too large (limit 1 MB)") {
    super(message, 413);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(message, 429, { retryAfterSeconds });
  }
}

/** The server is at capacity for this kind of work; the same request can succeed shortly. */
export class ServiceBusyError extends AppError {
  constructor(message = "The server is busy. Please try again in a few seconds.", retryAfterSeconds = 3) {
    super(message, 503, { retryAfterSeconds });
  }
}

/** The AI provider failed or answered something unusable; nothing was saved. */
export class AiError extends AppError {
  constructor(message: string, status = 502) {
    super(message, status);
  }
}

/** A CPU-heavy task ran past its time limit and was stopped; nothing was saved. */
export class TaskTimeoutError extends AppError {
  constructor(message: string, status: 422 | 503, retryAfterSeconds?: number) {
    super(message, status, { retryAfterSeconds });
  }
}

/** A page's extraction or summary ran out of time: trying again would time out again. */
export function pageTooSlowError() {
  return new TaskTimeoutError(
    "That page took too long to process. Try a link to a shorter page, or paste a link to the article itself.",
    422,
  );
}

/**
 * A request that must write reached a read-only replica (LiteFS): it is answered with
 * `fly-replay: instance=<primary>`, and Fly's proxy replays it on the primary.
 */
export class ReplicaWriteError extends AppError {
  constructor(readonly primary: string) {
    super("This server holds a read-only copy of the data; the request is being sent to the primary.", 409);
  }
}
