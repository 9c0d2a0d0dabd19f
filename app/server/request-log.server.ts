import type { NextFunction, Request, Response } from "express";

/**
 * LOG_REQUESTS=true: one line per request once its answer is sent: method, path (no query string:
 * it can carry tokens or search terms), status and milliseconds, after `prefix` (the worker under
 * several processes). Never headers, cookies or bodies.
 */
export function logRequests(write: (line: string) => void = console.log, prefix = "") {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const path = (req.originalUrl ?? req.url ?? "/").split("?")[0]!.split("#")[0]!;
    res.once("close", () => {
      const ms = (performance.now() - started).toFixed(1);
      write(
        `${prefix}${req.method} ${path.slice(0, 300)} ${res.statusCode} ${ms}ms${res.writableFinished ? "" : " (aborted)"}`,
      );
    });
    next();
  };
}
