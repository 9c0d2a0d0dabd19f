import type http from "node:http";
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import type { Config } from "~/config.server";
import { firstValue } from "~/server/security.server";
import { parseHost, type HostParts } from "~/utils/host";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARD_ADDRESSES = new Set(["0.0.0.0", "::", "[::]"]);

/** Node listens on every interface when given no host or a wildcard address. */
export function listensOnEveryInterface(listenHost: string | undefined) {
  return listenHost === undefined || WILDCARD_ADDRESSES.has(listenHost);
}

function bracketed(address: string) {
  return net.isIPv6(address) ? `[${address.toLowerCase()}]` : address;
}

/** Every address of this machine's interfaces, as written in a Host header (IPv6 in brackets). */
export function machineAddresses(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()) {
  const found = new Set<string>();
  for (const entries of Object.values(interfaces))
    for (const entry of entries ?? []) found.add(bracketed(entry.address));
  return found;
}

/** A laptop that joins another Wi-Fi gets a new address: the list is read again on a miss, at most this often. */
const INTERFACES_REREAD_MS = 1000;

/**
 * The Host check against DNS rebinding (docs/adr/0001-host-allowlist.md) and the origin of the
 * request (docs/adr/0015-links-and-redirects.md). A page on another name that resolves to this
 * machine reaches the server with its own name in Host; only the names configured here are
 * answered. Addresses are answered on the port in use when they are this machine's own: loopback,
 * the address it is bound to and, when it listens on every interface (a LAN install, the desktop
 * app while it shares), the addresses of its interfaces. Any other IP literal is some other machine.
 *
 * Returns the check: it answers 421 and returns null, or returns the origin the request came to,
 * made from the very header it accepted (links built from the request start with it).
 */
export function createHostCheck(
  config: Pick<Config, "ALLOWED_HOSTS" | "TRUSTED_ORIGINS" | "TRUST_PROXY" | "PUBLIC_URL">,
  listenHost: string | undefined,
  address: () => AddressInfo,
  interfaces: () => Set<string> = machineAddresses,
  now: () => number = Date.now,
) {
  const anyHost = config.ALLOWED_HOSTS.includes("*");
  // Names allowed on any port, and exact name:port pairs.
  const names = new Set<string>();
  const pairs = new Set<string>();
  const allow = (parts: HostParts | null) => {
    if (!parts) return;
    if (parts.port === null) names.add(parts.name);
    else pairs.add(`${parts.name}:${parts.port}`);
  };
  for (const entry of config.ALLOWED_HOSTS) allow(parseHost(entry));
  // PUBLIC_URL is this server's own address; TRUSTED_ORIGINS are the operator's other front ends.
  for (const origin of [...config.TRUSTED_ORIGINS, ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : [])]) {
    try {
      const url = new URL(origin);
      allow({ name: url.hostname.toLowerCase(), port: url.port ? Number(url.port) : null });
    } catch {
      // Not a URL: it can never match an Origin header either.
    }
  }

  // The port and listening address are known only once the server listens (tests use port 0).
  let local: { port: number; anyAddress: boolean; names: Set<string> } | undefined;
  const localRules = () => {
    if (local) return local;
    const { port, address: bound } = address();
    const own = new Set(LOOPBACK_NAMES);
    const anyAddress = WILDCARD_ADDRESSES.has(bound);
    if (!anyAddress) own.add(bracketed(bound));
    // HOST may be a name of this machine (HOST=church-server.local): the operator chose it.
    const configured = listenHost && parseHost(listenHost);
    if (configured && !WILDCARD_ADDRESSES.has(configured.name)) own.add(configured.name);
    local = { port, anyAddress, names: own };
    return local;
  };

  let ownAddresses: Set<string> | undefined;
  let readAt = 0;
  const isOwnAddress = (name: string) => {
    if (ownAddresses?.has(name)) return true;
    if (ownAddresses && now() - readAt < INTERFACES_REREAD_MS) return false;
    ownAddresses = interfaces();
    readAt = now();
    return ownAddresses.has(name);
  };

  const isAllowed = (parts: HostParts) => {
    if (anyHost || names.has(parts.name) || pairs.has(`${parts.name}:${parts.port}`)) return true;
    const rules = localRules();
    // No port in Host means the scheme's default, 80 for plain HTTP.
    if ((parts.port ?? 80) !== rules.port) return false;
    return rules.names.has(parts.name) || (rules.anyAddress && isOwnAddress(parts.name));
  };

  /** `http://name[:port]` (https when a trusted proxy says so), or null when it cannot be one. */
  const originOf = (req: http.IncomingMessage, parts: HostParts) => {
    const forwardedProto = config.TRUST_PROXY ? firstValue(req.headers["x-forwarded-proto"]) : undefined;
    const scheme = forwardedProto?.toLowerCase() === "https" ? "https" : "http";
    try {
      return new URL(`${scheme}://${parts.name}${parts.port === null ? "" : `:${parts.port}`}`).origin;
    } catch {
      return null;
    }
  };

  const refusedNames = new Set<string>();
  const REFUSED_NAMES_LOGGED = 20;

  return function acceptedOrigin(req: http.IncomingMessage, res: http.ServerResponse): string | null {
    // Behind a trusted proxy the name the visitor typed is the one the proxy forwards.
    const forwarded = config.TRUST_PROXY ? firstValue(req.headers["x-forwarded-host"]) : undefined;
    const host = forwarded ?? req.headers.host;
    const parts = host === undefined ? null : parseHost(host);
    const origin = parts && isAllowed(parts) ? originOf(req, parts) : null;
    if (origin) return origin;

    // Told once per name, so an operator who forgot ALLOWED_HOSTS finds out from the log.
    const shown = String(host ?? "(none)").slice(0, 100);
    if (refusedNames.size < REFUSED_NAMES_LOGGED && !refusedNames.has(shown)) {
      refusedNames.add(shown);
      console.warn(
        `Refused a request for host ${JSON.stringify(shown)}: add it to ALLOWED_HOSTS if it is this server's name`,
      );
    }
    res.statusCode = 421;
    res.setHeader("cache-control", "no-store");
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("connection", "close");
    const message = "This server does not answer to that host name";
    if ((req.url ?? "").toLowerCase().startsWith("/api/")) {
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ error: message }));
    } else {
      res.setHeader("content-type", "text/plain; charset=utf-8");
      res.end(`${message}.\nIf this is its address, the administrator can add it to ALLOWED_HOSTS.\n`);
    }
    return null;
  };
}

/**
 * What an operator should hear at start: TRUST_PROXY lets the client address and host come from
 * headers, which is only safe when nothing but the proxy can reach the server.
 */
export function startupWarnings(config: Pick<Config, "TRUST_PROXY">, listenHost: string | undefined) {
  if (!config.TRUST_PROXY || !listensOnEveryInterface(listenHost)) return [];
  return [
    "TRUST_PROXY is set but the server listens on every interface: anyone who reaches this port directly " +
      "can choose the client address and host name it sees. Set HOST=127.0.0.1 (or the address the proxy connects to).",
  ];
}
