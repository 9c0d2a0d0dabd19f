import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which IP addresses a user-supplied URL may reach. Anything that is not a public unicast address
 * (loopback, private networks, link-local, CGNAT, cloud metadata, multicast, reserved ranges) is
 * refused, so "process this URL" cannot be used to probe the server's own network.
 */

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A blocked network and why. */
function blockedRange(cidr: string, reason: string) {
  return { range: ipaddr.parseCIDR(cidr), reason };
}

const METADATA = "a cloud metadata service";

// Checked in order: the most specific reason first.
const blockedIPv4 = [
  blockedRange("169.254.169.254/32", METADATA),
  blockedRange("100.100.100.200/32", METADATA),
  blockedRange("0.0.0.0/8", "an unspecified address"),
  blockedRange("10.0.0.0/8", "a private network"),
  blockedRange("100.64.0.0/10", "a carrier-grade NAT network"),
  blockedRange("127.0.0.0/8", "the server itself (loopback)"),
  blockedRange("169.254.0.0/16", "a link-local network"),
  blockedRange("172.16.0.0/12", "a private network"),
  blockedRange("192.0.0.0/24", "a reserved network"),
  blockedRange("192.0.2.0/24", "a documentation network"),
  blockedRange("192.88.99.0/24", "a reserved network"),
  blockedRange("192.168.0.0/16", "a private network"),
  blockedRange("198.18.0.0/15", "a benchmarking network"),
  blockedRange("198.51.100.0/24", "a documentation network"),
  blockedRange("203.0.113.0/24", "a documentation network"),
  blockedRange("224.0.0.0/4", "a multicast address"),
  blockedRange("240.0.0.0/4", "a reserved network"),
];

const blockedIPv6 = [
  blockedRange("fd00:ec2::254/128", METADATA),
  blockedRange("::/128", "an unspecified address"),
  blockedRange("::1/128", "the server itself (loopback)"),
  blockedRange("100::/64", "a reserved network"),
  blockedRange("2001::/32", "a tunnelling network"),
  blockedRange("2001:db8::/32", "a documentation network"),
  blockedRange("64:ff9b:1::/48", "a private network"),
  blockedRange("fc00::/7", "a private network (unique local)"),
  blockedRange("fe80::/10", "a link-local network"),
  blockedRange("fec0::/10", "a private network (site local)"),
  blockedRange("ff00::/8", "a multicast address"),
];

/** IPv6 forms that carry an IPv4 address inside (in two groups from `at`): the embedded address decides. */
const embeddingIPv6: Array<{ range: Cidr; at: number; refuseAnyway?: string }> = [
  { range: ipaddr.parseCIDR("::ffff:0:0/96"), at: 6, refuseAnyway: "an IPv4-mapped IPv6 address" },
  { range: ipaddr.parseCIDR("::/96"), at: 6, refuseAnyway: "an IPv4-compatible IPv6 address" },
  { range: ipaddr.parseCIDR("64:ff9b::/96"), at: 6 }, // NAT64: fine when the embedded address is public
  { range: ipaddr.parseCIDR("2002::/16"), at: 1 }, // 6to4: likewise
];

function blockedIPv4Reason(address: ipaddr.IPv4): string | null {
  return blockedIPv4.find(({ range }) => address.match(range))?.reason ?? null;
}

/**
 * Why an address may not be fetched, or null when it is a public address. Unparseable input is
 * refused too. Only the standard spellings are read (node's `net.isIP`): the URL parser has already
 * turned decimal, octal and short IPv4 forms into dotted quads.
 */
export function blockedAddressReason(input: string): string | null {
  const address = input.replace(/^\[|\]$/g, "");
  if (!net.isIP(address.replace(/%.*$/, ""))) return "an address that could not be understood";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return blockedIPv4Reason(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  // "::" and "::1" fall inside ::/96 but are their own cases below.
  const unspecifiedOrLoopback = ipv6.parts.slice(0, 7).every((part) => part === 0) && ipv6.parts[7]! <= 1;
  if (!unspecifiedOrLoopback) {
    for (const { range, at, refuseAnyway } of embeddingIPv6) {
      if (!ipv6.match(range)) continue;
      const [high, low] = [ipv6.parts[at]!, ipv6.parts[at + 1]!];
      const embedded = ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;
      return blockedIPv4Reason(embedded) ?? refuseAnyway ?? null;
    }
  }
  return blockedIPv6.find(({ range }) => ipv6.match(range))?.reason ?? null;
}

/** The literal IP address a URL hostname names ("[::1]" -> "::1"), or null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return net.isIP(bare) ? bare : null;
}
