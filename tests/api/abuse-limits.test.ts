/**
 * Abuse limits through the real server: sign-ups per address, X-Forwarded-For behind a proxy,
 * sign-in limits that a stranger cannot turn against the admin, limiter state shared through the
 * database (across a restart and between two processes), the bounded hash queue and sign-up modes.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { api, startServerProcess, startTestServer, uniqueEmail, type TestServer } from "../support/server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-abuse-"));
const databasePath = path.join(folder, "abuse.db");
// Behind one proxy (as deploy/sagacity-bites.service runs it): the proxy appends the address it
// saw as the right-most X-Forwarded-For entry; anything left of it the client wrote itself.
// Sign-ups: the default bucket of 40, refilled over a day here instead of an hour (one back every
// 36 minutes rather than 90 s), so that no sign-up comes back while a test runs, however slowly.
const proxyEnv = {
  TRUST_PROXY: "true",
  REGISTER_MAX_PER_IP: "40",
  REGISTER_WINDOW_MINUTES: "1440",
  LOGIN_MAX_FAILURES_PER_EMAIL: "5",
  LOGIN_MAX_FAILURES_PER_IP: "50",
};

function via(address: string, spoofed?: string) {
  return { "x-forwarded-for": spoofed ? `${spoofed}, ${address}` : address };
}

async function register(url: string, address: string, body: Record<string, unknown> = {}) {
  const email = uniqueEmail("abuse");
  const answer = await api(url, "/api/auth/register", {
    method: "POST",
    headers: via(address),
    body: { email, password: "correct horse", ...body },
  });
  return { ...answer, email, password: "correct horse", token: answer.body?.token as string | undefined };
}

function login(url: string, email: string, password: string, address: string, spoofed?: string) {
  return api(url, "/api/auth/login", { method: "POST", headers: via(address, spoofed), body: { email, password } });
}

let server: TestServer;
let admin: Awaited<ReturnType<typeof register>>;
const ADMIN_ADDRESS = "198.51.100.1";

before(async () => {
  server = await startTestServer(proxyEnv, { databasePath });
  admin = await register(server.url, ADMIN_ADDRESS);
  assert.equal(admin.status, 201);
  assert.equal(admin.body.user.isAdmin, true);
});
after(async () => {
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

function registerPage(address: string, form: Record<string, string>, search = "") {
  return fetch(`${server.url}/register${search}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...via(address) },
    body: new URLSearchParams({
      email: uniqueEmail(),
      password: "correct horse",
      confirmPassword: "correct horse",
      ...form,
    }),
  });
}

describe("sign-ups per address", () => {
  const ROOM = "192.0.2.10";
  // The wait is for the next sign-up to come back: at most 36 minutes here (90 s by default).
  const TOO_MANY = /^Too many accounts have been created from your network\. Please try again in \d+ minutes?\.$/;
  const waitOf = (answer: { headers: Headers }) => Number(answer.headers.get("retry-after"));

  test("a room of 40 signs up from one address; the next ones are a 429 with Retry-After, from the API and the page alike", async () => {
    for (let index = 0; index < 40; index++) {
      const answer = await register(server.url, ROOM);
      assert.equal(answer.status, 201, `sign-up ${index + 1}: ${JSON.stringify(answer.body)}`);
    }
    for (let index = 0; index < 2; index++) {
      const refused = await register(server.url, ROOM);
      assert.equal(refused.status, 429);
      assert.match(refused.body.error, TOO_MANY);
      assert.ok(waitOf(refused) > 0 && waitOf(refused) <= 36 * 60, String(waitOf(refused)));
    }
    // The register page answers the same, with the same header.
    const page = await registerPage(ROOM, {});
    assert.equal(page.status, 429);
    assert.ok(waitOf(page) > 0 && waitOf(page) <= 36 * 60, String(waitOf(page)));
    assert.match(
      await page.text(),
      /Too many accounts have been created from your network\. Please try again in \d+ minutes?\./,
    );
    // Another address is counted apart.
    assert.equal((await register(server.url, "192.0.2.11")).status, 201);
  });

  test("an IPv6 network counts as one address by its /64; a taken email is counted too, without a hash", async () => {
    const taken = await register(server.url, "2001:db8:a:c::1");
    assert.equal(taken.status, 201);
    for (let index = 1; index < 40; index++) {
      const answer = await register(server.url, `2001:db8:a:b::${index}`, { email: taken.email });
      assert.equal(answer.status, 409);
    }
    assert.equal((await register(server.url, "2001:db8:a:b:ffff::1")).status, 201, "the 40th");
    assert.equal((await register(server.url, "2001:db8:a:b::abcd")).status, 429);
    assert.equal((await register(server.url, "2001:db8:a:d::1")).status, 201);
  });

  test("a valid invite or group join code gets past the limit; a wrong, used or revoked one does not", async () => {
    // The ROOM address is still held by the test above.
    const invite = await api(server.url, "/api/admin/invites", { method: "POST", token: admin.token, body: {} });
    assert.equal(invite.status, 201);
    const leader = await register(server.url, "198.51.100.50");
    const group = await api(server.url, "/api/groups", {
      method: "POST",
      token: leader.token,
      body: { name: "Tuesday" },
    });
    assert.equal(group.status, 201);
    const groupCode = group.body.inviteCode as string;

    for (const body of [{ inviteCode: "not-a-code" }, { groupCode: "AAAA-BBBB-CCCC" }, { groupCode: "" }]) {
      const refused = await register(server.url, ROOM, body);
      assert.equal(refused.status, 429, JSON.stringify(body));
      assert.match(refused.body.error, TOO_MANY);
    }
    // A valid invite does not make probing for taken emails free: that answer still costs the address.
    const probe = await register(server.url, ROOM, { inviteCode: invite.body.code, email: leader.email });
    assert.equal(probe.status, 429);

    const invited = await register(server.url, ROOM, { inviteCode: invite.body.code });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    const used = await register(server.url, ROOM, { inviteCode: invite.body.code });
    assert.equal(used.status, 429, "a used invite is only a sign-up like any other");

    // A group's join code, through the API and through the page a join link leads to (sign-in, then
    // "Create one"), any number of times: the whole group signs up on the church's Wi-Fi.
    for (let index = 0; index < 3; index++) {
      const joined = await register(server.url, ROOM, { groupCode: groupCode.toLowerCase() });
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
    }
    const joinPath = `/join/${groupCode}`;
    const page = await registerPage(ROOM, {}, `?redirectTo=${encodeURIComponent(joinPath)}`);
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), joinPath);
    const wrongPage = await registerPage(ROOM, {}, `?redirectTo=${encodeURIComponent("/join/AAAA-BBBB-CCCC")}`);
    assert.equal(wrongPage.status, 429);

    // A new code replaces the old one, which admits nobody past the limit any more.
    const renewed = await api(server.url, `/api/groups/${group.body.id}/invite-code`, {
      method: "POST",
      token: leader.token,
    });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    assert.equal((await register(server.url, ROOM, { groupCode })).status, 429);
    assert.equal((await register(server.url, ROOM, { groupCode: renewed.body.inviteCode })).status, 201);
  });

  test("an admin sees who is held, with when it ends, and clears it; then sign-up works; others get 403", async () => {
    const user = await register(server.url, "198.51.100.51");
    assert.equal((await api(server.url, "/api/admin/limits", { token: user.token })).status, 403);
    assert.equal((await api(server.url, "/api/admin/limits")).status, 401);

    const listed = await api(server.url, "/api/admin/limits", { token: admin.token });
    assert.equal(listed.status, 200);
    const room = listed.body.find((limit: { address: string }) => limit.address === ROOM);
    assert.equal(room.kind, "sign-up");
    assert.equal(room.key, ROOM);
    assert.equal(room.email, null);
    assert.ok(Date.parse(room.until) > Date.now(), room.until);
    // An IPv6 network shows as its /64.
    assert.ok(
      listed.body.some((limit: { address: string }) => limit.address === "2001:db8:a:b::/64"),
      JSON.stringify(listed.body),
    );

    const clear = { kind: "sign-up", key: ROOM };
    assert.equal(
      (await api(server.url, "/api/admin/limits", { method: "DELETE", token: user.token, body: clear })).status,
      403,
    );
    assert.equal((await register(server.url, ROOM)).status, 429, "a non-admin's request changed nothing");
    for (const bad of [{ kind: "everything", key: ROOM }, { kind: "sign-up" }, { ...clear, extra: 1 }]) {
      const refused = await api(server.url, "/api/admin/limits", { method: "DELETE", token: admin.token, body: bad });
      assert.equal(refused.status, 400, JSON.stringify(bad));
      assert.equal(typeof refused.body.error, "string");
    }
    assert.deepEqual(
      (await api(server.url, "/api/admin/limits", { method: "DELETE", token: admin.token, body: clear })).body,
      { success: true },
    );
    const again = await api(server.url, "/api/admin/limits", { method: "DELETE", token: admin.token, body: clear });
    assert.equal(again.status, 404);
    assert.equal(again.body.error, "This limit has already ended");
    assert.equal((await register(server.url, ROOM)).status, 201);
    const after = await api(server.url, "/api/admin/limits", { token: admin.token });
    assert.ok(!after.body.some((limit: { address: string }) => limit.address === ROOM));
  });
});

describe("sign-in limits behind a proxy", () => {
  test("entries the client writes into X-Forwarded-For do not get it round the limit", async () => {
    const victim = await register(server.url, "192.0.2.20");
    const answers = [];
    for (let index = 0; index < 8; index++) {
      answers.push(await login(server.url, victim.email, "wrong", "203.0.113.5", `10.9.8.${index}`));
    }
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [401, 401, 401, 401, 401, 429, 429, 429],
    );
    // Held for the window as one address (a spoofed address each time would meet only the
    // per-email delay of a second or two).
    assert.ok(Number(answers[7]!.headers.get("retry-after")) > 60);
  });

  test("the sign-in page counts the address the proxy saw, whatever address headers the client writes", async () => {
    const victim = await register(server.url, "192.0.2.21");
    const statuses = [];
    for (let index = 0; index < 7; index++) {
      const answer = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...via("203.0.113.7", `10.9.9.${index}`),
          // The header the page hands the sign-in strategy its caller's address in: a client's own is replaced.
          "x-sagacity-client-address": `10.9.10.${index}`,
        },
        body: new URLSearchParams({ email: victim.email, password: "wrong" }),
      });
      statuses.push(answer.status);
      await answer.body?.cancel();
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
  });

  test("a stranger's failures from elsewhere do not stop the admin signing in from their own address", async () => {
    for (let index = 0; index < 8; index++) await login(server.url, admin.email, "guess", "203.0.113.66");
    const stranger = await login(server.url, admin.email, "guess", "203.0.113.66");
    assert.equal(stranger.status, 429);
    assert.match(stranger.body.error, /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    const own = await login(server.url, admin.email, admin.password, ADMIN_ADDRESS);
    assert.equal(own.status, 200, JSON.stringify(own.body));
  });

  test("guesses spread over many addresses meet a delay that doubles, shown in Retry-After", async () => {
    const victim = await register(server.url, "192.0.2.21");
    for (let index = 0; index < 5; index++)
      assert.equal((await login(server.url, victim.email, "wrong", `198.18.1.${index}`)).status, 401);
    const waits: number[] = [];
    for (let index = 0; index < 3; index++) {
      const held = await login(server.url, victim.email, "wrong", `198.18.2.${index}`);
      assert.equal(held.status, 429);
      assert.match(held.body.error, /Please try again in \d+ seconds?\./);
      const wait = Number(held.headers.get("retry-after"));
      waits.push(wait);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 50));
      assert.equal((await login(server.url, victim.email, "wrong", `198.18.3.${index}`)).status, 401);
    }
    assert.deepEqual(waits, [1, 2, 4]);
    // The owner, at the address they signed up from, is not delayed.
    assert.equal((await login(server.url, victim.email, victim.password, "192.0.2.21")).status, 200);
  });
});

describe("sign-up modes", () => {
  test("closed: 403 for everyone but the first account; the admin API is admin-only", async () => {
    const user = await register(server.url, "192.0.2.30");
    assert.equal((await api(server.url, "/api/admin/signup")).status, 401);
    assert.equal(
      (await api(server.url, "/api/admin/signup", { method: "PATCH", token: user.token, body: { mode: "closed" } }))
        .status,
      403,
    );
    assert.deepEqual((await api(server.url, "/api/admin/signup", { token: admin.token })).body, {
      mode: "open",
      fixedByServer: false,
    });
    const closed = await api(server.url, "/api/admin/signup", {
      method: "PATCH",
      token: admin.token,
      body: { mode: "closed" },
    });
    assert.deepEqual(closed.body, { mode: "closed", fixedByServer: false });
    const refused = await register(server.url, "192.0.2.31");
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: "Sign-up is closed on this server. Ask an administrator for an account." });
    assert.equal(
      (await api(server.url, "/api/admin/signup", { method: "PATCH", token: admin.token, body: { mode: "sometimes" } }))
        .status,
      400,
    );
    // The AI settings keep exactly their ten fields.
    assert.equal(Object.keys((await api(server.url, "/api/admin/settings", { token: admin.token })).body).length, 10);
  });

  test("invite: a code is needed, works once, and a revoked code is refused; only admins handle invites", async () => {
    assert.equal(
      (await api(server.url, "/api/admin/signup", { method: "PATCH", token: admin.token, body: { mode: "invite" } }))
        .status,
      200,
    );
    const without = await register(server.url, "192.0.2.40");
    assert.equal(without.status, 403);
    assert.match(without.body.error, /invite code/);

    const user = await api(server.url, "/api/auth/login", {
      method: "POST",
      headers: via(ADMIN_ADDRESS),
      body: { email: admin.email, password: admin.password },
    });
    assert.equal(user.status, 200);
    assert.equal((await api(server.url, "/api/admin/invites")).status, 401);
    assert.equal((await api(server.url, "/api/admin/invites", { method: "POST", body: {} })).status, 401);

    const created = await api(server.url, "/api/admin/invites", { method: "POST", token: admin.token, body: {} });
    assert.equal(created.status, 201);
    const code = created.body.code as string;
    assert.ok(code.length >= 20);
    assert.equal(created.body.path, `/register?invite=${code}`);
    const pending = await api(server.url, "/api/admin/invites", { token: admin.token });
    assert.ok(pending.body.some((invite: { id: string }) => invite.id === created.body.invite.id));
    assert.ok(!JSON.stringify(pending.body).includes(code), "the code itself is never listed");

    const page = await (await fetch(`${server.url}/register?invite=${code}`)).text();
    assert.ok(page.includes(`value="${code}"`), "the register page fills in the code from the link");

    assert.equal((await register(server.url, "192.0.2.41", { inviteCode: "not-a-code" })).status, 403);
    const invited = await register(server.url, "192.0.2.42", { inviteCode: code });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.equal(invited.body.user.isAdmin, false);
    const again = await register(server.url, "192.0.2.43", { inviteCode: code });
    assert.equal(again.status, 403);
    assert.equal(again.body.error, "This invite code is not valid. It may have been used, revoked or have expired.");
    assert.equal((await api(server.url, "/api/admin/invites", { token: invited.token })).status, 403);
    assert.equal(
      (await api(server.url, "/api/admin/invites", { method: "POST", token: invited.token, body: {} })).status,
      403,
    );

    const revoked = await api(server.url, "/api/admin/invites", {
      method: "POST",
      token: admin.token,
      body: { expiresInDays: 1 },
    });
    assert.equal(
      (
        await api(server.url, `/api/admin/invites/${revoked.body.invite.id}`, {
          method: "DELETE",
          token: invited.token,
        })
      ).status,
      403,
    );
    assert.equal(
      (await api(server.url, `/api/admin/invites/${revoked.body.invite.id}`, { method: "DELETE", token: admin.token }))
        .status,
      200,
    );
    assert.equal(
      (await api(server.url, `/api/admin/invites/${revoked.body.invite.id}`, { method: "DELETE", token: admin.token }))
        .status,
      404,
    );
    assert.equal((await register(server.url, "192.0.2.44", { inviteCode: revoked.body.code })).status, 403);

    // The register page takes the code from its form as well.
    const second = await api(server.url, "/api/admin/invites", { method: "POST", token: admin.token, body: {} });
    const form = await fetch(`${server.url}/register`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...via("192.0.2.45") },
      body: new URLSearchParams({
        email: uniqueEmail(),
        password: "correct horse",
        confirmPassword: "correct horse",
        inviteCode: second.body.code,
      }),
    });
    assert.equal(form.status, 302);

    // The Admin Console's user tab shows the mode and the pending invites (server-rendered).
    const third = await api(server.url, "/api/admin/invites", { method: "POST", token: admin.token, body: {} });
    const consolePage = await (
      await fetch(`${server.url}/admin`, { headers: { cookie: `sb_session=${admin.token}` } })
    ).text();
    assert.match(consolePage, /Who can create an account/);
    // Server-rendered as plain radio buttons (the form works before and without scripts).
    assert.match(consolePage, /<input type="radio" name="mode" id="signup-invite"[^>]*checked=""/);
    assert.doesNotMatch(consolePage, /<input type="radio" name="mode" id="signup-open"[^>]*checked=""/);
    assert.ok(consolePage.includes(`Revoke invite ${third.body.invite.hint}`), "a pending invite is listed");
    assert.ok(!consolePage.includes(`Revoke invite ${second.body.invite.hint}`), "a used invite is not");
  });
});

describe("limiter state lives in the database", () => {
  test("a hold survives a restart, is seen by a second process on the same file, and the sign-up mode too", async () => {
    const email = uniqueEmail("held");
    // An unknown email is counted like any other: five failures hold this pair.
    for (let index = 0; index < 5; index++)
      assert.equal((await login(server.url, email, "wrong", "203.0.113.90")).status, 401);
    assert.equal((await login(server.url, email, "wrong", "203.0.113.90")).status, 429);

    await server.close();
    server = await startTestServer(proxyEnv, { databasePath });
    const afterRestart = await login(server.url, email, "wrong", "203.0.113.90");
    assert.equal(afterRestart.status, 429, "held after a restart");
    assert.ok(Number(afterRestart.headers.get("retry-after")) > 60, "by the pair's hold, not a short delay");

    const other = await startServerProcess(databasePath, { env: { ...proxyEnv } });
    try {
      assert.equal((await login(other.url, email, "wrong", "203.0.113.90")).status, 429, "held in the other process");
      // Failures in one process count in the other.
      const second = uniqueEmail("shared");
      for (let index = 0; index < 3; index++) await login(server.url, second, "wrong", "203.0.113.91");
      for (let index = 0; index < 2; index++)
        assert.equal((await login(other.url, second, "wrong", "203.0.113.91")).status, 401);
      assert.equal((await login(server.url, second, "wrong", "203.0.113.91")).status, 429);
      const held = await login(other.url, second, "wrong", "203.0.113.91");
      assert.equal(held.status, 429);
      assert.ok(Number(held.headers.get("retry-after")) > 60);
      // The sign-up mode chosen before the restart (invite) holds in both.
      assert.equal((await register(other.url, "192.0.2.50")).status, 403);
    } finally {
      other.child.kill("SIGTERM");
      await new Promise((resolve) => other.child.once("exit", resolve));
    }
  });

  test("SIGNUP_MODE wins over the admin's choice and the admin API says so", async () => {
    await server.close();
    server = await startTestServer({ ...proxyEnv, SIGNUP_MODE: "open" }, { databasePath });
    try {
      const token = (await login(server.url, admin.email, admin.password, ADMIN_ADDRESS)).body.token;
      assert.deepEqual((await api(server.url, "/api/admin/signup", { token })).body, {
        mode: "open",
        fixedByServer: true,
      });
      const change = await api(server.url, "/api/admin/signup", { method: "PATCH", token, body: { mode: "closed" } });
      assert.equal(change.status, 409);
      assert.equal((await register(server.url, "192.0.2.60")).status, 201);
    } finally {
      await server.close();
      server = await startTestServer(proxyEnv, { databasePath });
      delete process.env.SIGNUP_MODE;
    }
  });
});

describe("a new install", () => {
  test("with SIGNUP_MODE=closed, the first account can still be created (and is the admin); the second cannot", async () => {
    await server.close();
    const fresh = path.join(folder, "fresh.db");
    server = await startTestServer({ ...proxyEnv, SIGNUP_MODE: "closed" }, { databasePath: fresh });
    try {
      const first = await register(server.url, "192.0.2.70");
      assert.equal(first.status, 201);
      assert.equal(first.body.user.isAdmin, true);
      assert.equal((await register(server.url, "192.0.2.71")).status, 403);
    } finally {
      await server.close();
      delete process.env.SIGNUP_MODE;
      server = await startTestServer(proxyEnv, { databasePath });
    }
  });
});

describe("the password-hash queue", () => {
  test("when its waiting line is full, sign-ins and sign-ups are a 503 with Retry-After, and nothing is counted against them", async () => {
    await server.close();
    server = await startTestServer(
      { ...proxyEnv, HASH_QUEUE_MAX: "1", REGISTER_MAX_PER_IP: "1000" },
      { databasePath: path.join(folder, "busy.db") },
    );
    try {
      const account = await register(server.url, "192.0.2.80");
      assert.equal(account.status, 201);
      // All at once: 2 hash and 1 waits, so the others find the line full. How many depends on how
      // fast the requests arrive against the hashes (on a busy machine, 4 of 24): at least one does.
      const [logins, signUps] = await Promise.all([
        Promise.all(Array.from({ length: 16 }, () => login(server.url, account.email, account.password, "192.0.2.80"))),
        Promise.all(Array.from({ length: 8 }, () => register(server.url, "192.0.2.81"))),
      ]);
      const busy = [...logins, ...signUps].filter((answer) => answer.status === 503);
      assert.ok(busy.length >= 1, `${busy.length} of 24 were turned away`);
      for (const answer of busy) {
        assert.deepEqual(answer.body, { error: "The server is busy. Please try again in a few seconds." });
        assert.ok(Number(answer.headers.get("retry-after")) > 0);
      }
      assert.ok(
        logins.every((answer) => answer.status === 200 || answer.status === 503),
        logins.map((answer) => answer.status).join(","),
      );
      assert.ok(logins.some((answer) => answer.status === 200));
      // Turned-away sign-ins were never checked, so they hold nothing: the next one goes through.
      assert.equal((await login(server.url, account.email, account.password, "192.0.2.80")).status, 200);
    } finally {
      await server.close();
      delete process.env.HASH_QUEUE_MAX;
      server = await startTestServer(proxyEnv, { databasePath });
    }
  });
});
