/**
 * Host and port poisoning (issue 27): links meant for other people (a mailed reset link, the Admin
 * Console's reset link, a group's invite link) are built from PUBLIC_URL, else from the very
 * header the Host check accepted, never from one it did not read. Hostile requests go through
 * node:http with Host, X-Forwarded-Host and X-Forwarded-Proto written out; what is mailed is read
 * from a fake SMTP server. docs/adr/0015-links-and-redirects.md.
 */
import assert from "node:assert/strict";
import os from "node:os";
import { after, afterEach, before, describe, mock, test } from "node:test";
import { lanAddresses } from "../../app/utils/lan-addresses.server";
import { startFakeSmtp } from "../support/fake-smtp";
import { sendWithHost } from "../support/host-request";
import { api, registerAccount, startTestServer, type TestServer } from "../support/server";

const ENV_NAMES = ["ALLOWED_HOSTS", "TRUST_PROXY", "PUBLIC_URL", "SMTP_HOST", "SMTP_PORT"];

let server: TestServer | undefined;
afterEach(async () => {
  mock.restoreAll();
  await server?.close();
  server = undefined;
  for (const name of ENV_NAMES) delete process.env[name];
});

type Account = Awaited<ReturnType<typeof registerAccount>>;

/** One server at a time (one database per process); the first account is its admin. */
async function serve(env: Record<string, string>, host?: string) {
  // Refused hosts are logged; TRUST_PROXY on every interface is warned about.
  mock.method(console, "warn", () => {});
  server = await startTestServer(env, { host });
  const admin = await registerAccount(server.url);
  const member = await registerAccount(server.url);
  const group = await api(server.url, "/api/groups", {
    method: "POST",
    token: admin.token,
    body: { name: "Thursday group" },
  });
  assert.equal(group.status, 201);
  return { port: server.port, admin, member, group: group.body as { id: string; inviteCode: string } };
}

type Served = Awaited<ReturnType<typeof serve>>;

/** The origin of the reset link the Admin Console shows, made through these headers; `(status)` when refused. */
async function adminLinkOrigin({ port, admin, member }: Served, host: string, headers: Record<string, string> = {}) {
  const answer = await sendWithHost(port, `/api/admin/users/${member.id}/reset-link`, {
    host,
    method: "POST",
    headers: { authorization: `Bearer ${admin.token}`, ...headers },
  });
  if (answer.status !== 200) return `(${answer.status})`;
  const url = new URL(JSON.parse(answer.text).url);
  assert.equal(url.pathname, "/reset-password");
  return url.origin;
}

/** The origin of the invite link on the group's page, as the leader is shown it through these headers. */
async function inviteLinkOrigin({ port, admin, group }: Served, host: string, headers: Record<string, string> = {}) {
  const page = await sendWithHost(port, `/groups/${group.id}`, {
    host,
    headers: { cookie: `sb_session=${admin.token}`, ...headers },
  });
  if (page.status !== 200) return `(${page.status})`;
  const link = new RegExp(`https?://[^\\s"<>/]+/join/${group.inviteCode}`).exec(page.text)?.[0];
  assert.ok(link, "the page shows the invite link");
  return new URL(link).origin;
}

/** Both shown links agree (they are built the same way); their origin. */
async function shownOrigin(served: Served, host: string, headers: Record<string, string> = {}) {
  const reset = await adminLinkOrigin(served, host, headers);
  assert.equal(await inviteLinkOrigin(served, host, headers), reset, `${host} ${JSON.stringify(headers)}`);
  return reset;
}

describe("mailed links: PUBLIC_URL only", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  before(async () => (smtp = await startFakeSmtp()));
  after(() => smtp.close());

  function quotedPrintable(text: string) {
    return text
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  /** "Forgot password?" for `account` through these headers: the origin of the link mailed, or `(status)`. */
  async function mailedOrigin(port: number, account: Account, host: string, headers: Record<string, string>) {
    const count = smtp.mails.length;
    const answer = await sendWithHost(port, "/forgot-password", {
      host,
      method: "POST",
      headers,
      form: { email: account.email },
    });
    if (answer.status !== 200) return `(${answer.status})`;
    const deadline = Date.now() + 5_000;
    while (smtp.mails.length <= count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = smtp.mails[count];
    assert.ok(mail, "a mail was sent");
    assert.deepEqual(mail.to, [account.email]);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(quotedPrintable(mail.data))?.[0];
    assert.ok(link, mail.data);
    return new URL(link).origin;
  }

  test("behind the proxy: Host against X-Forwarded-Host, a port added, a name it was not told: PUBLIC_URL or 421", async () => {
    const served = await serve({
      TRUST_PROXY: "true",
      ALLOWED_HOSTS: "study.example.org",
      PUBLIC_URL: "https://study.example.org",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
    });
    const { port, member } = served;
    const cases: Array<[host: string, headers: Record<string, string>, expected: string]> = [
      // Before issue 27 this mailed http://evil.example/reset-password?token=...
      ["evil.example", { "x-forwarded-host": "study.example.org" }, "https://study.example.org"],
      // ... and this http://127.0.0.1:6666/reset-password?token=...
      [`127.0.0.1:${port}`, { "x-forwarded-host": "study.example.org:6666" }, "https://study.example.org"],
      [
        "evil.example:6666",
        { "x-forwarded-host": "study.example.org", "x-forwarded-proto": "http" },
        "https://study.example.org",
      ],
      [`127.0.0.1:${port}`, {}, "https://study.example.org"],
      // The check reads the proxy's header: a name it was not told is refused, whatever Host says.
      ["study.example.org", { "x-forwarded-host": "evil.example" }, "(421)"],
      [`127.0.0.1:${port}`, { "x-forwarded-host": "198.51.100.7:6666" }, "(421)"],
    ];
    for (const [host, headers, expected] of cases) {
      const label = `${host} ${JSON.stringify(headers)}`;
      assert.equal(await mailedOrigin(port, member, host, headers), expected, label);
      assert.equal(await adminLinkOrigin(served, host, headers), expected, label);
      assert.equal(await inviteLinkOrigin(served, host, headers), expected, label);
    }
  });
});

describe("shown links without PUBLIC_URL: from the header the check accepted", () => {
  test("behind the proxy: X-Forwarded-Host (and X-Forwarded-Proto), never Host", async () => {
    const served = await serve({ TRUST_PROXY: "true", ALLOWED_HOSTS: "study.example.org" });
    const upstream = `127.0.0.1:${served.port}`;
    assert.equal(
      await shownOrigin(served, "evil.example", { "x-forwarded-host": "study.example.org" }),
      "http://study.example.org",
    );
    assert.equal(
      await shownOrigin(served, "evil.example", {
        "x-forwarded-host": "study.example.org",
        "x-forwarded-proto": "https",
      }),
      "https://study.example.org",
    );
    assert.equal(
      await shownOrigin(served, upstream, { "x-forwarded-host": "STUDY.example.org.:8443, evil.example" }),
      "http://study.example.org:8443",
      "the first hop, as checked: the configured name on the port the visitor used",
    );
    assert.equal(await shownOrigin(served, upstream, { "x-forwarded-host": "evil.example" }), "(421)");
    assert.equal(await shownOrigin(served, upstream, { "x-forwarded-host": "study.example.org/evil" }), "(421)");
  });

  test("without TRUST_PROXY, X-Forwarded-Host and X-Forwarded-Proto count for nothing, their port included", async () => {
    const served = await serve({});
    const own = `127.0.0.1:${served.port}`;
    // Before issue 27 the port came from X-Forwarded-Host even here: http://127.0.0.1:6666.
    assert.equal(
      await shownOrigin(served, own, { "x-forwarded-host": "evil.example:6666", "x-forwarded-proto": "https" }),
      `http://${own}`,
    );
    assert.equal(await shownOrigin(served, "evil.example", { "x-forwarded-host": own }), "(421)");
  });

  test("on every interface: this machine's addresses only; opened on itself, its LAN address", async () => {
    const served = await serve({ ALLOWED_HOSTS: "study.example.org" }, "0.0.0.0");
    const { port } = served;
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
    if (own) assert.equal(await shownOrigin(served, `${own}:${port}`), `http://${own}:${port}`);
    for (const foreign of ["198.51.100.7", "203.0.113.9"].filter((address) => address !== own)) {
      assert.equal(await shownOrigin(served, `${foreign}:${port}`), "(421)", foreign);
    }
    const [lan] = lanAddresses();
    assert.equal(
      await shownOrigin(served, `localhost:${port}`, { "x-forwarded-host": "198.51.100.7:6666" }),
      lan ? `http://${lan}:${port}` : `http://localhost:${port}`,
    );
  });
});
