import net from "node:net";

/** The address in one canonical spelling, IPv4-mapped IPv6 as plain IPv4; null if not an IP. */
export function normalizeAddress(address: string): string | null {
  // A zone (fe80::1%eth0) names a local interface, not a different caller.
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  const version = net.isIP(address);
  if (version === 4) return address;
  if (version !== 6) return null;
  const groups = expandIpv6(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  // The URL parser writes IPv6 in its canonical compressed, lower-case form.
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/**
 * The key limits are counted under: an IPv4 address, or the /64 network of an IPv6 address (one
 * home or one server gets a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function limiterKeyOf(address: string) {
  const normalized = normalizeAddress(address);
  if (!normalized) return address;
  if (net.isIPv4(normalized)) return normalized;
  const prefix = expandIpv6(normalized)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** A limiter key as people read it: an IPv6 /64 in its shortest spelling ("2001:db8::/64"). */
export function networkLabel(key: string) {
  if (!key.endsWith("::/64")) return key;
  const prefix = normalizeAddress(key.slice(0, -"/64".length));
  return prefix ? `${prefix}/64` : key;
}

/** The eight 16-bit groups of a valid IPv6 address without a zone (a trailing dotted IPv4 part included). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
