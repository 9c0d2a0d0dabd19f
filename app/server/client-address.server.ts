import type http from "node:http";
import { normalizeAddress } from "~/utils/ip-address.server";

/**
 * The caller's IP. With no trusted proxy it is the socket's. Behind `trustedProxies` proxies it is
 * read from X-Forwarded-For from the right: each proxy appends the address that connected to it,
 * so the right-most entry is what our nearest proxy saw and the n-th from the right is what the
 * outermost of n proxies saw. Everything left of that was written by the client and is ignored.
 */
export function clientAddressOf(req: http.IncomingMessage, trustedProxies: number) {
  const socketAddress = normalizeAddress(req.socket.remoteAddress ?? "") ?? "unknown";
  if (trustedProxies <= 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return socketAddress;
  // Fewer entries than proxies: the leftmost is still one a trusted proxy wrote.
  const chosen = hops[Math.max(0, hops.length - trustedProxies)]!;
  return normalizeAddress(chosen) ?? socketAddress;
}
