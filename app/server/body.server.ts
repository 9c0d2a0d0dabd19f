import type { NextFunction, Request, Response } from "express";

export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * A body declared over the limit but under this is read and thrown away before the 413 is sent,
 * for at most DRAIN_MS: a client that sends its whole body before it reads the answer (most do)
 * otherwise met a connection closed under it (EPIPE) instead of the 413. Past this, or after that
 * time, the connection is simply closed.
 */
const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
const DRAIN_MS = 2_000;

/** The answer to a body over the limit; the connection closes so the rest is not read. */
function refuseTooLarge(res: Response, limit: number) {
  res.setHeader("connection", "close");
  const megabytes = Math.round((limit / (1024 * 1024)) * 10) / 10;
  res
    .status(413)
    .set("cache-control", "no-store")
    .json({ error: `Request body is too large (limit ${megabytes} MB)` });
}

function refuseAfterDraining(req: Request, res: Response, limit: number, declared: number) {
  req.resume();
  if (declared > Math.max(DRAIN_MAX_BYTES, limit)) return refuseTooLarge(res, limit);
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    if (!res.headersSent && !res.destroyed) refuseTooLarge(res, limit);
  };
  const timer = setTimeout(answer, DRAIN_MS);
  timer.unref();
  req.once("end", answer);
  req.once("error", answer);
  req.once("close", answer);
}

/**
 * Bodies over the limit (1 MB; an export zip being imported: IMPORT_MAX_BYTES) are refused with 413 before Remix reads them: by their Content-Length, or, for
 * a chunked body, as soon as the bytes counted pass the limit (the request is then cut off, and
 * whatever Remix was doing with it ends with the connection).
 */
export function limitBody(limit = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // An action that answers without reading the body (sign-out) leaves it paused in the Fetch
    // stream the adapter made of it, and a client still sending on a kept-alive connection would
    // wait forever: once answered, the rest is read and thrown away (at most the limit).
    res.once("finish", () => {
      if (req.readableEnded || req.destroyed) return;
      req.removeAllListeners("data");
      req.resume();
    });
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && req.headers["content-length"] !== undefined) {
      if (declared > limit) return refuseAfterDraining(req, res, limit, declared);
      // Node's parser never delivers more than the declared length.
      return next();
    }
    // Neither a length nor chunks: the request has no body (a bare DELETE). Counting would set the
    // stream flowing, and its end would pass before Remix listens: reading the body would hang.
    if (req.headers["transfer-encoding"] === undefined) return next();
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit || res.headersSent) return;
      req.off("data", count);
      refuseTooLarge(res, limit);
      res.once("finish", () => req.destroy());
    };
    req.on("data", count);
    next();
  };
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Pages' actions read forms (`request.formData()`), which throws on any other body: a JSON or
 * text body to a page is refused with 415 here rather than failing inside the action. A bodiless
 * POST (a bare `curl -X POST`) is an empty form, which the action's schema then answers.
 */
export function requireFormBodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const type = req.headers["content-type"];
    if (type !== undefined && FORM_TYPES.test(type)) return next();
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (!hasBody) {
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      return next();
    }
    req.resume();
    res.setHeader("connection", "close");
    res
      .status(415)
      .set("cache-control", "no-store")
      .json({ error: "Send a form (application/x-www-form-urlencoded or multipart/form-data)" });
  };
}
