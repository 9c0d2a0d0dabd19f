import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { api, assertRefusals, registerAccount, startTestServer, uniqueEmail, type TestServer } from "../support/server";

let server: TestServer;

before(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_EMAIL: "3", LOGIN_MAX_FAILURES_PER_IP: "40" });
});
after(() => server.close());

describe("registration", () => {
  test("the first account becomes admin, later ones do not", async () => {
    const first = await registerAccount(server.url);
    const second = await registerAccount(server.url);
    assert.equal(first.isAdmin, true);
    assert.equal(second.isAdmin, false);
    const me = await api(server.url, "/api/me", { token: second.token });
    assert.deepEqual({ email: me.body.email, isAdmin: me.body.isAdmin }, { email: second.email, isAdmin: false });
  });

  test("an email already taken is a 409, whatever its case", async () => {
    const account = await registerAccount(server.url);
    const again = await api(server.url, "/api/auth/register", {
      method: "POST",
      body: { email: account.email.toUpperCase(), password: "another pass" },
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "An account with this email already exists");
  });

  test("bad input is a 400 with a clear message", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ email: "not-an-email", password: "secret1" }, /valid email/],
      [{ email: uniqueEmail(), password: "short" }, /at least 6 characters/],
      [{ email: uniqueEmail() }, /Password is required/],
      [{ email: 42, password: "secret1" }, /Email is required/],
      [[], /expected object/i],
    ];
    await assertRefusals(server.url, "/api/auth/register", { method: "POST" }, cases);
  });

  test("passwords are stored as argon2id hashes", async () => {
    const account = await registerAccount(server.url);
    const db = new Database(server.databasePath, { readonly: true });
    const row = db.prepare("select password_hash from users where email = ?").get(account.email) as {
      password_hash: string;
    };
    db.close();
    assert.match(row.password_hash, /^\$argon2id\$/);
  });
});

describe("login and sessions", () => {
  test("login returns a token that works as a bearer credential", async () => {
    const account = await registerAccount(server.url);
    const login = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
    });
    assert.equal(login.status, 200);
    assert.equal(typeof login.body.token, "string");
    const me = await api(server.url, "/api/me", { token: login.body.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.email, account.email);
  });

  test("a wrong password is a 401 with a clear message", async () => {
    const account = await registerAccount(server.url);
    const login = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: "wrong password" },
    });
    assert.equal(login.status, 401);
    assert.equal(login.body.error, "Invalid email or password");
  });

  test("GET /api/me without a token, or with a bad one, is a 401", async () => {
    assert.equal((await api(server.url, "/api/me")).status, 401);
    const bad = await api(server.url, "/api/me", { token: "not-a-real-token" });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.body, { error: "Authentication required" });
  });

  test("logout revokes the session", async () => {
    const account = await registerAccount(server.url);
    const out = await api(server.url, "/api/auth/logout", { method: "POST", token: account.token });
    assert.equal(out.status, 200);
    assert.equal((await api(server.url, "/api/me", { token: account.token })).status, 401);
  });

  test("an expired session answers 401", async () => {
    const account = await registerAccount(server.url);
    const db = new Database(server.databasePath);
    db.prepare("update sessions set expires_at = ? where user_id = ?").run(Date.now() - 1000, account.id);
    db.close();
    assert.equal((await api(server.url, "/api/me", { token: account.token })).status, 401);
  });

  test("a deactivated user cannot log in and their token stops working", async () => {
    const account = await registerAccount(server.url);
    const db = new Database(server.databasePath);
    db.prepare("update users set is_active = 0 where id = ?").run(account.id);
    db.close();
    assert.equal((await api(server.url, "/api/me", { token: account.token })).status, 401);
    const login = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
    });
    assert.equal(login.status, 403);
    assert.match(login.body.error, /deactivated/);
  });

  test("lastActiveAt is set on sign-in", async () => {
    const account = await registerAccount(server.url);
    const db = new Database(server.databasePath, { readonly: true });
    const row = db.prepare("select last_active_at from users where id = ?").get(account.id) as {
      last_active_at: number;
    };
    db.close();
    assert.ok(Date.now() - row.last_active_at < 60_000);
  });

  test("repeated failures for one email are rate-limited with a 429", async () => {
    const account = await registerAccount(server.url);
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await api(server.url, "/api/auth/login", {
        method: "POST",
        body: { email: account.email, password: "wrong" },
      });
      assert.equal(answer.status, 401);
    }
    const blocked = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
    });
    assert.equal(blocked.status, 429);
    assert.match(blocked.body.error, /Too many failed sign-in attempts/);
    assert.ok(Number(blocked.headers.get("retry-after")) > 0);
  });
});

describe("API conventions", () => {
  test("malformed JSON is a 400", async () => {
    const answer = await api(server.url, "/api/auth/login", { method: "POST", rawBody: "{not json" });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, "Request body must be valid JSON");
  });

  test("a body over 1 MB is a 413", async () => {
    const answer = await api(server.url, "/api/auth/login", {
      method: "POST",
      rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024 + 10) }),
    });
    assert.equal(answer.status, 413);
    assert.match(answer.body.error, /too large/);
  });

  test("an unknown API path is a JSON 404 and a wrong method a JSON 405", async () => {
    const missing = await api(server.url, "/api/does-not-exist");
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, "No such API endpoint");
    const wrongMethod = await api(server.url, "/api/me", { method: "DELETE" });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.body.error, "Method not allowed");
  });

  test("a cross-site POST is refused", async () => {
    const answer = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: "a@b.co", password: "secret" },
      headers: { origin: "https://evil.example" },
    });
    assert.equal(answer.status, 403);
  });

  test("responses carry security headers", async () => {
    const answer = await api(server.url, "/api/me");
    assert.match(answer.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff");
    assert.equal(answer.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  });

  test("/healthz answers ok", async () => {
    const answer = await api(server.url, "/healthz");
    assert.deepEqual(answer.body, { status: "ok" });
  });

  test("fingerprinted assets are cached for a year and compressed", async () => {
    const page = await fetch(`${server.url}/login`);
    const html = await page.text();
    const script = /\/assets\/[\w.-]+-[\w-]{8}\.js/.exec(html)?.[0];
    assert.ok(script, "the login page links a build script");
    const asset = await fetch(server.url + script, { headers: { "accept-encoding": "gzip, br" } });
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("cache-control") ?? "", /max-age=31536000.*immutable|immutable.*max-age=31536000/);
    assert.match(asset.headers.get("content-encoding") ?? "", /gzip|br/);
  });
});

describe("page guards", () => {
  test("signed-out visitors are sent to /login, signed-in ones away from it", async () => {
    const anonymous = await fetch(`${server.url}/library`, { redirect: "manual" });
    assert.equal(anonymous.status, 302);
    assert.equal(anonymous.headers.get("location"), "/login");

    const account = await registerAccount(server.url);
    const cookie = `sb_session=${account.token}`;
    const login = await fetch(`${server.url}/login`, { redirect: "manual", headers: { cookie } });
    assert.equal(login.status, 302);
    assert.equal(login.headers.get("location"), "/");
  });

  test("a non-admin opening /admin is sent to /", async () => {
    const account = await registerAccount(server.url);
    const answer = await fetch(`${server.url}/ADMIN`, {
      redirect: "manual",
      headers: { cookie: `sb_session=${account.token}` },
    });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get("location"), "/");
  });

  test("an unknown page is a 404 inside the shell for a signed-in user", async () => {
    const account = await registerAccount(server.url);
    const answer = await fetch(`${server.url}/no/such/page`, { headers: { cookie: `sb_session=${account.token}` } });
    assert.equal(answer.status, 404);
    const html = await answer.text();
    assert.match(html, /404 Page Not Found/);
    assert.match(html, /Sagacity Bites/);
  });
});
