import net from "node:net";
import ipaddr from "ipaddr.js";

/** The address in one canonical spelling (RFC 5952 for IPv6), IPv4-mapped IPv6 as plain IPv4; null if not an IP. */
export function normalizeAddress(address: string): string | null {
  // A zone (fe80::1%eth0) names a local interface, not a different caller.
  const bare = address.replace(/%.*$/, "");
  if (!net.isIP(bare)) return null;
  return ipaddr.process(bare).toString();
}

/**
 * The key limits are counted under: an IPv4 address, or the /64 network of an IPv6 address (one
 * home or one server gets a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function limiterKeyOf(address: string) {
  const bare = address.replace(/%.*$/, "");
  if (!net.isIP(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** A limiter key as people read it: an IPv6 /64 in its shortest spelling ("2001:db8::/64"). */
export function networkLabel(key: string) {
  if (!key.endsWith("::/64")) return key;
  const prefix = normalizeAddress(key.slice(0, -"/64".length));
  return prefix ? `${prefix}/64` : key;
}
