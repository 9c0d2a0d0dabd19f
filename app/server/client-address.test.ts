import assert from "node:assert/strict";
import { test } from "node:test";
import express, { type Request } from "express";
import { clientAddressOf, trustProxySetting } from "./client-address.server";

/** A request as Express hands it to the app, with `trust proxy` set as the server sets it. */
function request(trustedProxies: number, remoteAddress: string | undefined, forwardedFor?: string) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustedProxies));
  const req = Object.create(app.request) as Request & { app: typeof app };
  const socket = { remoteAddress };
  Object.assign(req, {
    app,
    socket,
    connection: socket,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
  return req;
}

test("without a trusted proxy the socket's address counts, whatever X-Forwarded-For says", () => {
  assert.equal(clientAddressOf(request(0, "::ffff:10.0.0.5", "203.0.113.9")), "10.0.0.5");
  assert.equal(clientAddressOf(request(0, undefined)), "unknown");
});

test("behind one proxy the right-most entry is the client; entries the client wrote are ignored", () => {
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "203.0.113.9")), "203.0.113.9");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "1.1.1.1, 2.2.2.2, 203.0.113.9")), "203.0.113.9");
  // Two header lines reach the app as one list (Node joins them with ", ").
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "1.1.1.1, 203.0.113.9")), "203.0.113.9");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", " ::ffff:203.0.113.9 ")), "203.0.113.9");
});

test("behind n proxies the n-th entry from the right is the client", () => {
  assert.equal(clientAddressOf(request(2, "127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2")), "203.0.113.9");
  // Fewer entries than proxies: the leftmost, which a trusted proxy wrote.
  assert.equal(clientAddressOf(request(2, "127.0.0.1", "203.0.113.9")), "203.0.113.9");
});

test("a missing or malformed entry falls back to the socket's address", () => {
  assert.equal(clientAddressOf(request(1, "127.0.0.1")), "127.0.0.1");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "")), "127.0.0.1");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "1.1.1.1, not-an-ip")), "127.0.0.1");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "203.0.113.9:4711")), "127.0.0.1");
  assert.equal(clientAddressOf(request(1, "127.0.0.1", ",,,")), "127.0.0.1");
  // Empty entries are skipped (as before Express read it): the right-most address is the one.
  assert.equal(clientAddressOf(request(1, "127.0.0.1", "1.1.1.1,".repeat(1000))), "1.1.1.1");
});
