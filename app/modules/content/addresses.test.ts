import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { blockedAddressReason, ipLiteral } from "./addresses.server";

describe("blockedAddressReason", () => {
  const blocked: Array<[string, RegExp]> = [
    ["127.0.0.1", /loopback/],
    ["127.255.255.254", /loopback/],
    ["0.0.0.0", /unspecified/],
    ["10.1.2.3", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.10", /private/],
    ["100.64.0.1", /carrier-grade/],
    ["100.127.255.255", /carrier-grade/],
    ["169.254.169.254", /metadata/],
    ["169.254.10.10", /link-local/],
    ["100.100.100.200", /metadata/],
    ["224.0.0.251", /multicast/],
    ["239.255.255.250", /multicast/],
    ["255.255.255.255", /reserved/],
    ["198.18.0.1", /benchmark/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fd00:ec2::254", /metadata/],
    ["fc00::1", /unique local/],
    ["fd12:3456:789a::1", /unique local/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:7f00:1", /loopback/],
    ["::ffff:a9fe:a9fe", /metadata/],
    ["::ffff:10.0.0.1", /private/],
    ["::ffff:8.8.8.8", /IPv4-mapped/],
    ["::127.0.0.1", /loopback/],
    ["64:ff9b::10.0.0.1", /private/],
    ["2002:7f00:1::", /loopback/],
    ["2001:db8::1", /documentation/],
    ["[::1]", /loopback/],
    ["not an address", /could not be understood/],
  ];
  for (const [address, reason] of blocked) {
    test(`refuses ${address}`, () => {
      assert.match(blockedAddressReason(address) ?? "allowed", reason);
    });
  }

  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "64:ff9b::808:808",
  ];
  for (const address of allowed) {
    test(`allows the public address ${address}`, () => {
      assert.equal(blockedAddressReason(address), null);
    });
  }

  test("decimal, octal, hex and short IPv4 forms are normalized by the URL parser, then refused", () => {
    for (const form of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://0x7f000001/",
      "http://0/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
    ]) {
      const hostname = new URL(form).hostname;
      const literal = ipLiteral(hostname);
      assert.ok(literal, `${form} names an IP literal (${hostname})`);
      assert.ok(blockedAddressReason(literal!), `${form} is refused`);
    }
  });
});

describe("ipLiteral", () => {
  test("recognizes IPv4 and bracketed IPv6 hosts, not names", () => {
    assert.equal(ipLiteral("127.0.0.1"), "127.0.0.1");
    assert.equal(ipLiteral("[::1]"), "::1");
    assert.equal(ipLiteral("localhost"), null);
    assert.equal(ipLiteral("example.com"), null);
  });
});
