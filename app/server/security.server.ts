import crypto from "node:crypto";
import type http from "node:http";
import helmet from "helmet";
import type { Config } from "~/config.server";

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/** The nonce a page's inline scripts carry: made per request before the headers are set. */
type WithNonce = http.ServerResponse & { locals?: { cspNonce?: string } };

/** Pages: scripts only from us or with this request's nonce. */
const PAGE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: [
    "'self'",
    (_req: http.IncomingMessage, res: http.ServerResponse) => `'nonce-${(res as WithNonce).locals?.cspNonce}'`,
  ],
  // Radix positions popovers with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Book covers come from the stores' image hosts.
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
};

/** JSON answers run nothing and embed nothing: the strictest policy, and no nonce to make. */
const API_DIRECTIVES = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * The security headers, from helmet: the content security policy (a page's with its nonce, or the
 * API's), nosniff, frames refused, the referrer policy, the opener policy and helmet's other
 * defaults; HSTS only where cookies are marked Secure (the server is behind HTTPS). A page's nonce
 * must be in `res.locals.cspNonce` before it runs. Helmet's default `upgrade-insecure-requests` is
 * left out: a church server or the desktop app's LAN sharing is plain HTTP.
 */
export function securityHeaders(kind: "page" | "api", config: Pick<Config, "COOKIE_SECURE">) {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: kind === "page" ? PAGE_DIRECTIVES : API_DIRECTIVES },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: config.COOKIE_SECURE ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  return (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => {
    res.setHeader("permissions-policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
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
