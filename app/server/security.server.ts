import crypto from "node:crypto";
import type http from "node:http";
import type { Config } from "~/config.server";

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

// Built once: only the nonce changes from one page to the next.
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'nonce-{nonce}'",
  // Radix positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  // Book covers come from the stores' image hosts.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self'",
].join("; ");
const [PAGE_CSP_START, PAGE_CSP_END] = PAGE_CSP.split("{nonce}") as [string, string];

/** JSON answers run nothing and embed nothing: the strictest policy, and no nonce to make. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sets the security headers; `nonce` null means a JSON API answer (no inline scripts at all). */
export function applySecurityHeaders(
  res: http.ServerResponse,
  nonce: string | null,
  config: Pick<Config, "COOKIE_SECURE">,
) {
  res.setHeader("content-security-policy", nonce === null ? API_CSP : PAGE_CSP_START + nonce + PAGE_CSP_END);
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  res.setHeader("cross-origin-opener-policy", "same-origin");
  res.setHeader("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (config.COOKIE_SECURE) {
    res.setHeader("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request whose Origin is another site is refused. Together with SameSite=Lax
 * cookies this stops cross-site form posts; requests without an Origin (curl, server-to-server
 * calls with a bearer token) are judged by Sec-Fetch-Site when a browser sent it.
 */
export function isCrossSiteRequest(req: http.IncomingMessage, config: Pick<Config, "TRUSTED_ORIGINS" | "TRUST_PROXY">) {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
  const origin = req.headers.origin;
  if (!origin) return req.headers["sec-fetch-site"] === "cross-site";
  if (origin === "null") return true;
  const forwardedHost = config.TRUST_PROXY ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  const host = forwardedHost ?? req.headers.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  if (host && originHost === host) return false;
  return !config.TRUSTED_ORIGINS.includes(origin.replace(/\/$/, ""));
}

export function firstValue(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}
