import type http from "node:http";

/** The caller's IP: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddressOf(req: http.IncomingMessage, trustProxy: boolean) {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)
      ?.split(",")[0]
      ?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}
