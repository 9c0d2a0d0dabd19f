import assert from "node:assert/strict";
import type http from "node:http";
import { test } from "node:test";
import { clientAddressOf } from "./client-address.server";

function request(remoteAddress: string | undefined, forwardedFor?: string | string[]) {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as http.IncomingMessage;
}

test("without a trusted proxy the socket's address counts, whatever X-Forwarded-For says", () => {
  assert.equal(clientAddressOf(request("::ffff:10.0.0.5", "203.0.113.9"), 0), "10.0.0.5");
  assert.equal(clientAddressOf(request(undefined), 0), "unknown");
});

test("behind one proxy the right-most entry is the client; entries the client wrote are ignored", () => {
  assert.equal(clientAddressOf(request("127.0.0.1", "203.0.113.9"), 1), "203.0.113.9");
  assert.equal(clientAddressOf(request("127.0.0.1", "1.1.1.1, 2.2.2.2, 203.0.113.9"), 1), "203.0.113.9");
  // Two header lines are one list, in order.
  assert.equal(clientAddressOf(request("127.0.0.1", ["1.1.1.1", "203.0.113.9"]), 1), "203.0.113.9");
  assert.equal(clientAddressOf(request("127.0.0.1", " ::ffff:203.0.113.9 "), 1), "203.0.113.9");
});

test("behind n proxies the n-th entry from the right is the client", () => {
  assert.equal(clientAddressOf(request("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2"), 2), "203.0.113.9");
  // Fewer entries than proxies: the leftmost, which a trusted proxy wrote.
  assert.equal(clientAddressOf(request("127.0.0.1", "203.0.113.9"), 2), "203.0.113.9");
});

test("a missing or malformed entry falls back to the socket's address", () => {
  assert.equal(clientAddressOf(request("127.0.0.1"), 1), "127.0.0.1");
  assert.equal(clientAddressOf(request("127.0.0.1", ""), 1), "127.0.0.1");
  assert.equal(clientAddressOf(request("127.0.0.1", "1.1.1.1, not-an-ip"), 1), "127.0.0.1");
  assert.equal(clientAddressOf(request("127.0.0.1", "203.0.113.9:4711"), 1), "127.0.0.1");
});
