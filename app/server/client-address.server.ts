import type { Request } from "express";
import { normalizeAddress } from "~/utils/ip-address.server";

/**
 * Express's `trust proxy` for TRUST_PROXY: the number of proxies in front of the server (each
 * appends the address that connected to it to X-Forwarded-For, so the n-th entry from the right
 * is what the outermost of n proxies saw; anything left of it the client wrote), or none.
 */
export function trustProxySetting(trustedProxies: number): number | false {
  return trustedProxies > 0 ? trustedProxies : false;
}

/**
 * The caller's IP: Express's `req.ip` (the socket's, or the entry of X-Forwarded-For that the
 * trusted proxies vouch for), in one spelling (IPv4-mapped IPv6 as IPv4). An entry that is not
 * an address (a port on it, a name, nothing) falls back to the socket's address: our nearest proxy.
 */
export function clientAddressOf(req: Request) {
  return normalizeAddress(req.ip ?? "") ?? normalizeAddress(req.socket.remoteAddress ?? "") ?? "unknown";
}
