import { z } from "zod";
import { AppError, PayloadTooLargeError, ReplicaWriteError, ValidationError } from "~/utils/errors";
import { clipText, MAX_MESSAGE_CHARS, parseWith, validationErrorFrom } from "~/utils/validation";

const NO_STORE = { "cache-control": "no-store" };

export function jsonResponse(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(NO_STORE)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return Response.json(data, { ...init, headers });
}

/**
 * JSON lines (NDJSON) sent as they are written: the answer of both the Lesson Plans page's
 * generate route and POST /api/studies/generate.
 */
export function ndjsonResponse(body: ReadableStream<Uint8Array>) {
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // no-transform keeps compression from holding the events back.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

/** The export zip as a download (GET /api/export and the settings page's Export my data). */
export function zipDownloadResponse({ bytes, fileName }: { bytes: Uint8Array<ArrayBuffer>; fileName: string }) {
  return new Response(bytes, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}

/**
 * `{ error }` (plus fieldErrors for validation) with the error's status; unknown errors are 500.
 * The pages' loaders come here too for a write needed on a replica (app/entry.server.tsx).
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.details?.retryAfterSeconds) {
      headers["retry-after"] = String(error.details.retryAfterSeconds);
    }
    // Fly's proxy replays the request on that machine; the client never sees this answer there.
    if (error instanceof ReplicaWriteError) headers["fly-replay"] = `instance=${error.primary}`;
    const body: Record<string, unknown> = { error: clipText(error.message, MAX_MESSAGE_CHARS) };
    if (error.details?.fieldErrors) body.fieldErrors = error.details.fieldErrors;
    if (error.details?.suggestions?.length) body.suggestions = error.details.suggestions;
    return jsonResponse(body, { status: error.status, headers });
  }
  if (error instanceof z.ZodError) {
    return errorResponse(validationErrorFrom(error));
  }
  console.error(error);
  return jsonResponse({ error: "Something went wrong on our side. Please try again." }, { status: 500 });
}

/**
 * Wraps a resource-route loader or action: whatever it returns is sent as JSON, whatever it
 * throws becomes `{ error }` with the right status.
 */
export function apiHandler<Args>(handler: (args: Args) => unknown | Promise<unknown>) {
  return async (args: Args): Promise<Response> => {
    try {
      const result = await handler(args);
      if (result instanceof Response) return result;
      return jsonResponse(result ?? null);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Parses a JSON body against a schema: malformed JSON, a wrong shape or bad values are a 400. */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const contentLength = Number(request.headers.get("content-length"));
  if (Number.isFinite(contentLength) && contentLength > 1024 * 1024) {
    throw new PayloadTooLargeError();
  }
  const text = await request.text();
  let body: unknown;
  if (text.trim() === "") {
    body = {};
  } else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ValidationError("Request body must be valid JSON");
    }
  }
  return parseWith(schema, body);
}

export function methodNotAllowed(): never {
  throw new AppError("Method not allowed", 405);
}
