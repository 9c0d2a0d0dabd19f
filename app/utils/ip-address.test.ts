import assert from "node:assert/strict";
import { test } from "node:test";
import { limiterKeyOf, networkLabel, normalizeAddress } from "./ip-address.server";

test("normalizeAddress accepts IPs only and writes each in one spelling", () => {
  assert.equal(normalizeAddress("203.0.113.7"), "203.0.113.7");
  assert.equal(normalizeAddress("::ffff:203.0.113.7"), "203.0.113.7");
  assert.equal(normalizeAddress("::FFFF:cb00:7107"), "203.0.113.7");
  assert.equal(normalizeAddress("2001:DB8:0:0:0:0:0:1"), "2001:db8::1");
  assert.equal(normalizeAddress("fe80::1%eth0"), "fe80::1");
  for (const bad of [
    "",
    "unknown",
    "203.0.113.7:8080",
    "[2001:db8::1]",
    "evil.example",
    "1.2.3.4, 5.6.7.8",
    "999.1.1.1",
  ]) {
    assert.equal(normalizeAddress(bad), null, bad);
  }
});

test("limiterKeyOf counts IPv4 addresses singly and IPv6 addresses by their /64", () => {
  assert.equal(limiterKeyOf("198.51.100.1"), "198.51.100.1");
  assert.equal(limiterKeyOf("::ffff:198.51.100.1"), "198.51.100.1");
  assert.equal(limiterKeyOf("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  assert.equal(limiterKeyOf("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
  assert.notEqual(limiterKeyOf("2001:db8:1:3::1"), limiterKeyOf("2001:db8:1:2::1"));
  assert.equal(limiterKeyOf("::1"), "0:0:0:0::/64");
  assert.equal(limiterKeyOf("64:ff9b::192.0.2.1"), "64:ff9b:0:0::/64");
});

test("networkLabel writes an IPv6 /64 in its shortest spelling and leaves other keys alone", () => {
  assert.equal(networkLabel(limiterKeyOf("2001:db8::1")), "2001:db8::/64");
  assert.equal(networkLabel(limiterKeyOf("2001:db8:1:2:aaaa::1")), "2001:db8:1:2::/64");
  assert.equal(networkLabel(limiterKeyOf("::1")), "::/64");
  assert.equal(networkLabel("198.51.100.1"), "198.51.100.1");
  assert.equal(networkLabel("unknown"), "unknown");
});
