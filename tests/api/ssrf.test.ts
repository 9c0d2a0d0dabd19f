/**
 * SSRF through the real API, beyond tests/api/content-blocked.test.ts: more address spellings, DNS
 * names that resolve inward (through node's own resolver, replaced here for a few test names), and
 * redirects into the private network from a host the operator trusts.
 */
import assert from "node:assert/strict";
import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

/** A local server that records what reached it; `answer` decides the reply. */
async function startRecorder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Test names and what "DNS" says about them: each points somewhere inside.
const NAMES: Record<string, Array<{ address: string; family: number }>> = {
  "inward.test": [{ address: "127.0.0.1", family: 4 }],
  "intranet.test": [{ address: "10.1.2.3", family: 4 }],
  "metadata.test": [{ address: "169.254.169.254", family: 4 }],
  "cgnat.test": [{ address: "100.64.1.1", family: 4 }],
  "loopback6.test": [{ address: "::1", family: 6 }],
  "mapped.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "ula.test": [{ address: "fd00::1", family: 6 }],
  "linklocal6.test": [{ address: "fe80::1", family: 6 }],
  // One public address beside a private one: the name is refused, not the public address picked.
  "mixed.test": [
    { address: "93.184.216.34", family: 4 },
    { address: "192.168.0.10", family: 4 },
  ],
};

let server: TestServer;
let secret: Awaited<ReturnType<typeof startRecorder>>;
let youtube: Awaited<ReturnType<typeof startRecorder>>;
let redirectTo = "";
let token: string;
const realLookup = dns.promises.lookup;

before(async () => {
  // The server runs in this process, so node's resolver can be given the test names above.
  dns.promises.lookup = (async (hostname: string, options: unknown) => {
    const known = NAMES[hostname.replace(/\.$/, "").toLowerCase()];
    if (known) return known;
    // localhost comes from the hosts file; any other name is unknown here, so no lookup leaves the machine.
    if (hostname === "localhost")
      return (realLookup as (name: string, options: unknown) => Promise<unknown>)(hostname, options);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
  }) as typeof dns.promises.lookup;
  secret = await startRecorder((_req, res) =>
    res.end("<html><body><article><p>internal secrets</p></article></body></html>"),
  );
  // Stands where YOUTUBE_BASE_URL points (an operator's choice, allowed although it is local), and
  // redirects every call somewhere else.
  youtube = await startRecorder((_req, res) => {
    res.writeHead(302, { location: redirectTo });
    res.end();
  });
  server = await startTestServer({ ALLOW_PRIVATE_URLS: "false", YOUTUBE_BASE_URL: youtube.url });
  token = (await seedAccount(server.url)).token;
});
after(async () => {
  dns.promises.lookup = realLookup;
  await server.close();
  await secret.close();
  await youtube.close();
});

function sermonCount() {
  const db = new Database(server.databasePath, { readonly: true });
  const { count } = db.prepare("select count(*) as count from sermons").get() as { count: number };
  db.close();
  return count;
}

async function processUrl(url: string) {
  return api(server.url, "/api/sermons/process-url", { method: "POST", token, body: { url } });
}

describe("addresses that point inside are refused (400), nothing is fetched or saved", () => {
  test("more spellings of loopback, private, link-local, CGNAT and IPv6 addresses", async () => {
    const port = secret.port;
    const urls = [
      `http://0x7f.0.0.1:${port}/`,
      `http://0X7F000001:${port}/`,
      `http://127.0.1:${port}/`,
      `http://127.0.0.1.:${port}/`,
      `http://0:${port}/`,
      "http://10.1/",
      "http://017700000001/",
      `http://[::127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/latest/meta-data/",
      `http://[2002:7f00:1::]:${port}/`,
      "http://[64:ff9b::a00:1]/",
      "http://[::]/",
      "http://[fe80::1]/",
      "http://[fc00::1]/",
      "http://[fd12:3456:789a::1]/",
      "http://169.254.1.1/",
      "http://172.31.255.255/",
      "http://100.127.255.255/",
      "http://192.168.255.255/",
      `http://api.localhost:${port}/`,
    ];
    for (const url of urls) {
      const answer = await processUrl(url);
      assert.equal(answer.status, 400, `${url}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.success, false);
      assert.match(answer.body.error, /can't be processed: .* points to .*Only public websites/, url);
    }
    assert.deepEqual(secret.requests, []);
    assert.equal(sermonCount(), 0);
  });

  test("user names and passwords in the address, and zone ids, are refused before any lookup", async () => {
    for (const url of [
      `http://evil.example@127.0.0.1:${secret.port}/`,
      `http://127.0.0.1:${secret.port}@evil.example/`,
      "http://user:pass@example.com/",
      "http://[fe80::1%25eth0]/",
    ]) {
      const answer = await processUrl(url);
      assert.equal(answer.status, 400, `${url}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.success, false);
    }
    assert.deepEqual(secret.requests, []);
  });

  test("DNS names that resolve inward, whatever the record, are refused when the connection resolves them", async () => {
    for (const name of Object.keys(NAMES)) {
      const answer = await processUrl(`http://${name}:${secret.port}/article`);
      assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error, new RegExp(`${name.replace(".", "\\.")} points to`), name);
    }
    assert.deepEqual(secret.requests, [], "the inside was never contacted");
    assert.equal(sermonCount(), 0);
  });
});

describe("redirects into the private network are refused at the hop", () => {
  test("a trusted local host (YOUTUBE_BASE_URL) that redirects to loopback, metadata or an inward name is not followed", async () => {
    const targets = [
      `${secret.url}/`,
      `http://localhost:${secret.port}/`,
      `http://[::1]:${secret.port}/`,
      `http://2130706433:${secret.port}/`,
      `http://inward.test:${secret.port}/`,
      `http://intranet.test:${secret.port}/`,
      "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    ];
    for (const target of targets) {
      redirectTo = target;
      youtube.requests.length = 0;
      const answer = await processUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      assert.ok(youtube.requests.length > 0, "the trusted host itself was reached");
      assert.ok(
        answer.status >= 400 && answer.status < 500,
        `${target}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
      assert.equal(answer.body.success, false);
    }
    assert.deepEqual(secret.requests, [], "no redirect reached the inside");
    assert.equal(sermonCount(), 0);
  });
});
