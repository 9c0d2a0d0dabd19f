/**
 * The Host allowlist against DNS rebinding, through the real built server: a request for a name
 * that is not this server's gets 421 before anything else runs. The requests go through node:http
 * with the Host header written out (sendWithHost). What links are made of: link-poisoning.test.ts.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import Database from "better-sqlite3";
import { sendWithHost as send } from "../support/host-request";
import { registerAccount, startTestServer, type TestServer } from "../support/server";

const projectRoot = path.resolve(import.meta.dirname, "../..");

const ENV_NAMES = ["ALLOWED_HOSTS", "TRUSTED_ORIGINS", "TRUST_PROXY", "PUBLIC_URL", "SMTP_HOST"];
let server: TestServer | undefined;

/** One server at a time: each process holds one database. */
async function serve(env: Record<string, string> = {}, host?: string) {
  server = await startTestServer(env, { host });
  return server;
}

/** What the server told its operator about refused names. */
let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  mock.method(console, "warn", (line: string) => warnings.push(line));
});

afterEach(async () => {
  mock.restoreAll();
  await server?.close();
  server = undefined;
  for (const name of ENV_NAMES) delete process.env[name];
});

function userCount(databasePath: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare("select count(*) as count from users").get() as { count: number }).count;
  } finally {
    db.close();
  }
}

const staticAsset = `/assets/${fs.readdirSync(path.join(projectRoot, "build/client/assets")).find((name) => name.startsWith("entry.client-"))}`;

describe("default: loopback names on the port in use", () => {
  test("another name gets 421 everywhere: API, page, static files, health check", async () => {
    const { port } = await serve();
    const host = "evil.example";
    const me = await send(port, "/api/me", { host });
    assert.equal(me.status, 421);
    assert.match(me.contentType, /application\/json/);
    assert.deepEqual(JSON.parse(me.text), { error: "This server does not answer to that host name" });

    for (const pathname of ["/", "/login", "/robots.txt", staticAsset, "/healthz"]) {
      const answer = await send(port, pathname, { host: `${host}:${port}` });
      assert.equal(answer.status, 421, pathname);
      assert.match(answer.contentType, /text\/plain/, pathname);
      assert.match(answer.text, /ALLOWED_HOSTS/, pathname);
    }
    // Each name is logged once, so an operator who forgot ALLOWED_HOSTS sees it without a flood.
    assert.deepEqual(warnings, [
      'Refused a request for host "evil.example": add it to ALLOWED_HOSTS if it is this server\'s name',
      `Refused a request for host "evil.example:${port}": add it to ALLOWED_HOSTS if it is this server's name`,
    ]);
  });

  test("a rebinding page cannot register the first account (the admin)", async () => {
    const { port, url, databasePath } = await serve();
    const answer = await send(port, "/api/auth/register", {
      host: `rebind.example:${port}`,
      method: "POST",
      body: { email: "attacker@example.com", password: "correct horse" },
    });
    assert.equal(answer.status, 421);
    assert.equal(userCount(databasePath), 0, "no account was created");
    // The owner, at the real address, still gets the admin account.
    const owner = await registerAccount(url);
    assert.equal(owner.isAdmin, true);
  });

  test("127.0.0.1, localhost and [::1] on the port in use are answered, in any case", async () => {
    const { port } = await serve();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      assert.equal((await send(port, "/healthz", { host })).status, 200, host);
      assert.equal((await send(port, "/api/me", { host })).status, 401, host);
      assert.equal((await send(port, "/robots.txt", { host })).status, 200, host);
    }
  });

  test("the same names on another port, an address it does not listen on, or no Host at all get 421", async () => {
    const { port } = await serve();
    const otherPort = port === 65535 ? port - 1 : port + 1;
    for (const host of [
      `localhost:${otherPort}`,
      "localhost",
      "127.0.0.1",
      `192.168.1.10:${port}`,
      `localhost.evil.example:${port}`,
    ]) {
      assert.equal((await send(port, "/healthz", { host })).status, 421, host);
    }
    // X-Forwarded-Host counts only with TRUST_PROXY.
    const forged = await send(port, "/healthz", {
      host: "evil.example",
      headers: { "x-forwarded-host": `localhost:${port}` },
    });
    assert.equal(forged.status, 421);

    // HTTP/1.0 may leave Host out; HTTP/1.1 without it is refused by Node itself (400).
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => socket.end("GET /healthz HTTP/1.0\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    assert.match(reply, /^HTTP\/1\.1 421 /);
  });
});

describe("ALLOWED_HOSTS and TRUSTED_ORIGINS", () => {
  test("a configured name is answered on any port, a name:port only on that port", async () => {
    const { port } = await serve({
      ALLOWED_HOSTS: "study.church.org, Second.example:8443",
      TRUSTED_ORIGINS: "https://partner.example",
    });
    const answered = [
      "study.church.org",
      "study.church.org:443",
      `study.church.org:${port}`,
      "study.church.org.",
      "second.example:8443",
      "partner.example",
      `localhost:${port}`,
    ];
    for (const host of answered) assert.equal((await send(port, "/api/me", { host })).status, 401, host);
    for (const host of ["second.example", "second.example:443", "church.org", "evil.example"]) {
      assert.equal((await send(port, "/api/me", { host })).status, 421, host);
    }
  });

  test("an entry that is not a host or host:port stops the start with a readable error", async () => {
    await assert.rejects(serve({ ALLOWED_HOSTS: "https://study.church.org/" }), /ALLOWED_HOSTS/);
  });

  test("ALLOWED_HOSTS=* answers any name", async () => {
    const { port } = await serve({ ALLOWED_HOSTS: "*" });
    assert.equal((await send(port, "/healthz", { host: "evil.example" })).status, 200);
    assert.equal((await send(port, "/api/me", { host: "anything.example:1" })).status, 401);
  });
});

describe("behind a trusted proxy", () => {
  test("X-Forwarded-Host is what is checked; Host when the proxy sends none", async () => {
    const { port } = await serve({ TRUST_PROXY: "true", ALLOWED_HOSTS: "study.church.org" });
    const upstream = `127.0.0.1:${port}`;
    const viaProxy = (forwarded: string) =>
      send(port, "/api/me", { host: upstream, headers: { "x-forwarded-host": forwarded } });
    assert.equal((await viaProxy("study.church.org")).status, 401);
    assert.equal((await viaProxy("study.church.org, proxy.internal")).status, 401, "the first hop counts");
    assert.equal((await viaProxy("evil.example")).status, 421);
    assert.equal((await send(port, "/api/me", { host: "study.church.org" })).status, 401);
    assert.equal((await send(port, "/api/me", { host: "evil.example" })).status, 421);
  });
});

/** This machine's addresses as a Host header writes them, and addresses that are surely not among them. */
const ownAddresses = Object.values(os.networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal)
  .map((entry) => (entry!.family === "IPv6" ? `[${entry!.address}]` : entry!.address));
const foreignAddresses = ["198.51.100.7", "203.0.113.9", "10.255.255.254", "8.8.8.8", "[2001:db8::7]"].filter(
  (address) => !ownAddresses.includes(address),
);

describe("listening on every interface (a LAN install, the desktop app while it shares)", () => {
  test("this machine's own addresses on the port in use are answered; other addresses and names are not", async () => {
    const { port } = await serve({}, "0.0.0.0");
    for (const host of [...ownAddresses.map((address) => `${address}:${port}`), `localhost:${port}`]) {
      assert.equal((await send(port, "/api/me", { host })).status, 401, host);
    }
    for (const host of [
      ...foreignAddresses.map((address) => `${address}:${port}`),
      ...ownAddresses, // port 80, not the port in use
      `192.168.1.10.nip.io:${port}`,
      `church-laptop.local:${port}`,
      "evil.example",
    ]) {
      assert.equal((await send(port, "/api/me", { host })).status, 421, host);
    }
  });

  test("ALLOWED_HOSTS adds names; an address that is not ours stays refused", async () => {
    const { port } = await serve({ ALLOWED_HOSTS: "study.church.org" }, "0.0.0.0");
    assert.equal((await send(port, "/api/me", { host: `study.church.org:${port}` })).status, 401);
    for (const address of foreignAddresses) {
      assert.equal((await send(port, "/api/me", { host: `${address}:${port}` })).status, 421, address);
    }
  });
});

describe("PUBLIC_URL and start-up checks", () => {
  test("PUBLIC_URL's host is answered without ALLOWED_HOSTS", async () => {
    const { port } = await serve({ PUBLIC_URL: "https://study.church.org" });
    assert.equal((await send(port, "/api/me", { host: "study.church.org" })).status, 401);
    assert.equal((await send(port, "/api/me", { host: "evil.example" })).status, 421);
  });

  test("SMTP_HOST without PUBLIC_URL, or a PUBLIC_URL that is not an origin, stops the start with a readable error", async () => {
    await assert.rejects(serve({ SMTP_HOST: "127.0.0.1" }), /PUBLIC_URL: required when SMTP_HOST is set/);
    delete process.env.SMTP_HOST;
    for (const value of ["javascript:alert(1)", "https://study.church.org/app", "ftp://study.church.org"]) {
      await assert.rejects(serve({ PUBLIC_URL: value }), /PUBLIC_URL: expected an http\(s\) origin/, value);
    }
  });

  test("TRUST_PROXY while listening on every interface is warned about at start; on loopback it is not", async () => {
    await serve({ TRUST_PROXY: "true", ALLOWED_HOSTS: "study.church.org" }, "0.0.0.0");
    assert.equal(
      warnings.filter((line) => /TRUST_PROXY is set but the server listens on every interface/.test(line)).length,
      1,
    );
    await server!.close();
    warnings = [];
    await serve({ TRUST_PROXY: "true", ALLOWED_HOSTS: "study.church.org" });
    assert.deepEqual(warnings, []);
  });
});
