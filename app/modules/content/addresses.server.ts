import net from "node:net";

/**
 * Which IP addresses a user-supplied URL may reach. Anything that is not a public unicast address
 * (loopback, private networks, link-local, CGNAT, cloud metadata, multicast, reserved ranges) is
 * refused, so "process this URL" cannot be used to probe the server's own network.
 */

interface Range {
  /** The network, as 4 (IPv4) or 8 (IPv6) numbers. */
  base: number[];
  bits: number;
  reason: string;
}

function parseIPv4(address: string): number[] | null {
  if (net.isIPv4(address) === false) return null;
  return address.split(".").map(Number);
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail handled). */
function parseIPv6(input: string): number[] | null {
  const address = input.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!net.isIPv6(address)) return null;
  let head = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]!)!;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    head = address.slice(0, -dotted[1]!.length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  let groups: number[];
  if (head.includes("::")) {
    const [left, right] = head.split("::") as [string, string];
    const leftGroups = groupsOf(left);
    const rightGroups = [...groupsOf(right), ...tail];
    const zeros = 8 - leftGroups.length - rightGroups.length;
    groups = [...leftGroups, ...new Array(zeros).fill(0), ...rightGroups];
  } else {
    groups = [...groupsOf(head), ...tail];
  }
  return groups.length === 8 ? groups : null;
}

function inRange(parts: number[], range: Range, width: number) {
  let remaining = range.bits;
  for (let index = 0; index < parts.length && remaining > 0; index += 1) {
    const take = Math.min(width, remaining);
    const mask = take === width ? (1 << width) - 1 : ((1 << take) - 1) << (width - take);
    if ((parts[index]! & mask) !== (range.base[index]! & mask)) return false;
    remaining -= take;
  }
  return true;
}

function v4(cidr: string, reason: string): Range {
  const [base, bits] = cidr.split("/") as [string, string];
  return { base: parseIPv4(base)!, bits: Number(bits), reason };
}

function v6(cidr: string, reason: string): Range {
  const [base, bits] = cidr.split("/") as [string, string];
  return { base: parseIPv6(base)!, bits: Number(bits), reason };
}

const METADATA = "a cloud metadata service";

// Checked in order: the most specific reason first.
const blockedIPv4: Range[] = [
  v4("169.254.169.254/32", METADATA),
  v4("100.100.100.200/32", METADATA),
  v4("0.0.0.0/8", "an unspecified address"),
  v4("10.0.0.0/8", "a private network"),
  v4("100.64.0.0/10", "a carrier-grade NAT network"),
  v4("127.0.0.0/8", "the server itself (loopback)"),
  v4("169.254.0.0/16", "a link-local network"),
  v4("172.16.0.0/12", "a private network"),
  v4("192.0.0.0/24", "a reserved network"),
  v4("192.0.2.0/24", "a documentation network"),
  v4("192.88.99.0/24", "a reserved network"),
  v4("192.168.0.0/16", "a private network"),
  v4("198.18.0.0/15", "a benchmarking network"),
  v4("198.51.100.0/24", "a documentation network"),
  v4("203.0.113.0/24", "a documentation network"),
  v4("224.0.0.0/4", "a multicast address"),
  v4("240.0.0.0/4", "a reserved network"),
];

const blockedIPv6: Range[] = [
  v6("fd00:ec2::254/128", METADATA),
  v6("::/128", "an unspecified address"),
  v6("::1/128", "the server itself (loopback)"),
  v6("100::/64", "a reserved network"),
  v6("2001::/32", "a tunnelling network"),
  v6("2001:db8::/32", "a documentation network"),
  v6("64:ff9b:1::/48", "a private network"),
  v6("fc00::/7", "a private network (unique local)"),
  v6("fe80::/10", "a link-local network"),
  v6("fec0::/10", "a private network (site local)"),
  v6("ff00::/8", "a multicast address"),
];

/** IPv6 forms that carry an IPv4 address inside: the embedded address decides. */
const embeddingIPv6: Array<{ range: Range; offset: number; refuseAnyway?: string }> = [
  { range: v6("::ffff:0:0/96", ""), offset: 6, refuseAnyway: "an IPv4-mapped IPv6 address" },
  { range: v6("::/96", ""), offset: 6, refuseAnyway: "an IPv4-compatible IPv6 address" },
  { range: v6("64:ff9b::/96", ""), offset: 6 }, // NAT64: fine when the embedded address is public
  { range: v6("2002::/16", ""), offset: 1 }, // 6to4: likewise
];

function blockedIPv4Reason(parts: number[]): string | null {
  return blockedIPv4.find((range) => inRange(parts, range, 8))?.reason ?? null;
}

/**
 * Why an address may not be fetched, or null when it is a public address. Unparseable input is
 * refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const ipv4 = parseIPv4(address);
  if (ipv4) return blockedIPv4Reason(ipv4);
  const ipv6 = parseIPv6(address);
  if (!ipv6) return "an address that could not be understood";
  for (const { range, offset, refuseAnyway } of embeddingIPv6) {
    if (!inRange(ipv6, range, 16)) continue;
    const high = ipv6[offset]!;
    const low = ipv6[offset + 1]!;
    const embedded = [high >> 8, high & 0xff, low >> 8, low & 0xff];
    // "::" and "::1" fall inside ::/96 but are their own cases below.
    if (ipv6.slice(0, 7).every((part) => part === 0) && ipv6[7]! <= 1) break;
    return blockedIPv4Reason(embedded) ?? refuseAnyway ?? null;
  }
  return blockedIPv6.find((range) => inRange(ipv6, range, 16))?.reason ?? null;
}

/** The literal IP address a URL hostname names ("[::1]" -> "::1"), or null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return net.isIP(bare) ? bare : null;
}
