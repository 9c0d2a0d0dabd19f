/**
 * CSRF, session fixation, sign-out revocation, the session cookie's flags and the sign-in rate
 * limit under concurrent attempts, against the real built server.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { api, registerAccount, startPlan, startTestServer, uniqueEmail, type TestServer } from "../support/server";

let server: TestServer;
/** The first account: an admin, so the admin actions can be attacked through their session too. */
let victim: Awaited<ReturnType<typeof registerAccount>>;
let target: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  server = await startTestServer();
  victim = await registerAccount(server.url);
  assert.equal(victim.isAdmin, true);
  target = await registerAccount(server.url);
});
after(() => server.close());

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

async function send(
  path: string,
  {
    method = "POST",
    form,
    json,
    cookie,
    headers = {},
  }: {
    method?: string;
    form?: Record<string, string>;
    json?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
  },
): Promise<Sent> {
  const response = await fetch(server.url + path, {
    method,
    redirect: "manual",
    headers: {
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie: `sb_session=${cookie}` } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function sessionTokenOf(answer: Sent) {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("sb_session="));
  return cookie ? cookie.slice("sb_session=".length).split(";")[0]! : null;
}

/** Everything a forged request could change, read straight from the database. */
function state() {
  const db = new Database(server.databasePath, { readonly: true });
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params);
  const result = {
    users: all("select id, email, is_admin, is_active from users order by email"),
    sessions: all("select id, user_id from sessions order by id"),
    studies: all("select id from studies order by id"),
    sermons: all("select id, title from sermons order by id"),
    saves: all("select id from library_saves order by id"),
    profiles: all(
      "select user_id, favorite_teachers, denomination, time_zone, study_depth_preference from user_profiles order by user_id",
    ),
    onboarding: all("select user_id, has_completed_welcome from user_onboarding order by user_id"),
    plans: all("select id, plan_id, activated_at from user_plans order by id"),
    progress: all("select id from user_plan_progress order by id"),
    settings: all("select tone, model from ai_settings"),
  };
  db.close();
  return result;
}

describe("CSRF: cross-site writes are refused and change nothing; same-origin ones work", () => {
  let sermonId: string;
  let studyId: string;
  const attacker = { email: uniqueEmail("attacker"), password: "attacker-password" };

  before(async () => {
    sermonId = (
      await api(server.url, "/api/sermons", {
        method: "POST",
        token: victim.token,
        body: { contentType: "quote", text: "Keep me" },
      })
    ).body.id;
    studyId = (
      await api(server.url, "/api/studies/topic", { method: "POST", token: victim.token, body: { topic: "Mercy" } })
    ).body.id;
    assert.equal((await startPlan(server.url, victim.token, "romans-16-days")).status, 201);
    await registerAccount(server.url, attacker.email, attacker.password);
  });

  /**
   * Writes that succeed when the victim's own pages send them (checked below), so refusing them
   * cross-site is what stops them. Page actions take form posts, the API takes JSON.
   */
  interface Write {
    path: string;
    method?: string;
    form?: Record<string, string>;
    json?: unknown;
    ok: number[];
    anonymous?: boolean;
    crossSiteOnly?: boolean;
  }
  const writes = (): Write[] => [
    {
      path: "/library",
      form: { intent: "add", contentType: "quote", text: "Forged quote", title: "Forged" },
      ok: [200],
    },
    { path: "/library", form: { intent: "delete", id: sermonId }, ok: [200] },
    { path: "/lesson-plans", form: { studyType: "topic", topic: "Grace" }, ok: [302] },
    { path: "/lesson-plans/generate", form: { studyType: "topic", topic: "Grace" }, ok: [200] },
    { path: "/bible-plans", form: { planId: "gospel-of-john-21-days", translation: "KJV" }, ok: [302] },
    { path: "/resources/time-zone", form: { timeZone: "Asia/Tokyo" }, ok: [200] },
    {
      path: "/profile",
      form: { intent: "save", studyDepthPreference: "advanced", "favoriteTeachers[0]": "Forged" },
      ok: [302],
    },
    { path: "/library", form: { intent: "save", studyId }, ok: [200] },
    { path: "/resources/onboarding", form: { step: "hasCompletedWelcome" }, ok: [200] },
    { path: "/admin", form: { intent: "delete", userId: target.id }, ok: [405], crossSiteOnly: true },
    { path: "/settings", form: {}, ok: [405], crossSiteOnly: true },
    {
      path: "/register",
      form: { email: uniqueEmail("forged"), password: "forged-password", confirmPassword: "forged-password" },
      ok: [302],
      anonymous: true,
    },
    { path: "/login", form: attacker, ok: [302], anonymous: true },
    {
      path: "/api/profile",
      method: "PATCH",
      json: { favoriteTeachers: ["Forged"], denomination: "Forged" },
      ok: [200],
    },
    { path: "/api/sermons", json: { contentType: "quote", text: "Forged" }, ok: [201] },
    { path: `/api/library/save/${studyId}`, ok: [200] },
    { path: `/api/library/remove/${studyId}`, method: "DELETE", ok: [200] },
    { path: "/api/studies/topic", json: { topic: "Grace" }, ok: [201] },
    { path: "/api/plans/user-plans", json: { planId: "romans-16-days" }, ok: [200] },
    { path: "/api/plans/user-plans/complete", json: { dayNumber: 1 }, ok: [200] },
    { path: "/api/onboarding/progress", method: "PATCH", json: { hasCompletedWelcome: true }, ok: [200] },
    { path: "/api/admin/settings", method: "PATCH", json: { tone: "Formal" }, ok: [200] },
    { path: `/api/admin/users/${target.id}`, method: "PATCH", json: { isActive: false }, ok: [200] },
    { path: `/api/admin/users/${target.id}`, method: "DELETE", ok: [200] },
    { path: `/api/sermons/${sermonId}`, method: "DELETE", ok: [200, 404] },
    {
      path: "/api/auth/register",
      json: { email: uniqueEmail("forged"), password: "forged-password" },
      ok: [201],
      anonymous: true,
    },
    { path: "/api/auth/logout", ok: [200] },
    { path: "/logout", form: {}, ok: [302] },
  ];

  const crossSite: Array<[string, Record<string, string>]> = [
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["an Origin on another port of this host", { origin: "http://127.0.0.1:1" }],
    ["an Origin whose name only starts like this host", { origin: "http://127.0.0.1.evil.example" }],
    ["an opaque Origin (sandboxed frame)", { origin: "null" }],
    ["no Origin but Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ];

  for (const [name, headers] of crossSite) {
    test(`${name}: every page action and API write is a 403 and nothing changes`, async () => {
      const before = state();
      for (const write of writes()) {
        const answer = await send(write.path, {
          method: write.method,
          form: write.form,
          json: write.json,
          cookie: write.anonymous ? undefined : victim.token,
          headers,
        });
        assert.equal(answer.status, 403, `${write.method ?? "POST"} ${write.path} -> ${answer.status}`);
        assert.deepEqual(JSON.parse(answer.text), { error: "Cross-site request refused" });
        assert.equal(sessionTokenOf(answer), null, "no cookie is set or cleared");
      }
      assert.deepEqual(state(), before);
      assert.equal(
        (await api(server.url, "/api/me", { token: victim.token })).status,
        200,
        "the victim is still signed in",
      );
    });
  }

  test("the same writes from the app's own pages succeed", async () => {
    const origin = new URL(server.url).origin;
    const today = await api(server.url, "/api/plans/user-plans/today", { token: victim.token });
    assert.equal(today.body.currentDay, 1);
    // Pages without an action answer 405 to anyone; only their cross-site refusal is of interest.
    for (const write of writes().filter((write) => !write.crossSiteOnly)) {
      const answer = await send(write.path, {
        method: write.method,
        form: write.form,
        json: write.json,
        cookie: write.anonymous ? undefined : victim.token,
        headers: { origin, "sec-fetch-site": "same-origin" },
      });
      assert.ok(
        write.ok.includes(answer.status),
        `${write.method ?? "POST"} ${write.path} -> ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    }
    const after = await api(server.url, "/api/me", { token: victim.token });
    assert.equal(after.status, 401, "the same-origin sign-out worked");
  });
});

describe("the session cookie", () => {
  test("is HttpOnly, SameSite=Lax, for the whole site, and not readable by scripts", async () => {
    const account = await registerAccount(server.url);
    const answer = await send("/login", { form: { email: account.email, password: account.password } });
    assert.equal(answer.status, 302);
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("sb_session="))!;
    assert.ok(line, "a session cookie is set");
    const attributes = line
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    assert.ok(attributes.includes("httponly"), line);
    assert.ok(attributes.includes("samesite=lax"), line);
    assert.ok(attributes.includes("path=/"), line);
    assert.ok(
      attributes.some((attribute) => /^max-age=\d+$/.test(attribute) && Number(attribute.split("=")[1]) > 0),
      line,
    );
    const registered = await send("/register", {
      form: { email: uniqueEmail(), password: "secret-password", confirmPassword: "secret-password" },
    });
    const registerCookie = registered.headers.getSetCookie().find((cookie) => cookie.startsWith("sb_session="))!;
    assert.match(registerCookie, /HttpOnly/);
    assert.match(registerCookie, /SameSite=Lax/);
  });
});

describe("session fixation and sign-out", () => {
  test("a token planted before sign-in is not adopted: sign-in issues a new one, the planted one stays invalid", async () => {
    const account = await registerAccount(server.url);
    const planted = "planted-token-chosen-by-an-attacker";
    const signIn = await send("/login", {
      form: { email: account.email, password: account.password },
      cookie: planted,
    });
    assert.equal(signIn.status, 302);
    const issued = sessionTokenOf(signIn);
    assert.ok(issued && issued !== planted, "a fresh token");
    assert.ok(issued.length >= 40, "a long random token");
    assert.equal((await send("/api/me", { method: "GET", cookie: planted })).status, 401);
    assert.equal(JSON.parse((await send("/api/me", { method: "GET", cookie: issued })).text).email, account.email);
  });

  test("an attacker's own valid session planted in the browser does not become the victim's", async () => {
    const attacker = await registerAccount(server.url);
    const account = await registerAccount(server.url);
    const signIn = await send("/login", {
      form: { email: account.email, password: account.password },
      cookie: attacker.token,
    });
    // Someone signed in is sent away from /login; the form post itself still signs the victim in with a new token.
    const issued = sessionTokenOf(signIn);
    assert.ok(issued && issued !== attacker.token);
    assert.equal(
      JSON.parse((await send("/api/me", { method: "GET", cookie: attacker.token })).text).email,
      attacker.email,
      "the planted token is still only the attacker's",
    );
    assert.equal(JSON.parse((await send("/api/me", { method: "GET", cookie: issued })).text).email, account.email);
  });

  test("sign-out revokes the session on the server: the old cookie works nowhere", async () => {
    const account = await registerAccount(server.url);
    const signIn = await send("/login", { form: { email: account.email, password: account.password } });
    const token = sessionTokenOf(signIn)!;
    assert.equal((await send("/", { method: "GET", cookie: token })).status, 200);
    const signOut = await send("/logout", { form: {}, cookie: token, headers: { origin: new URL(server.url).origin } });
    assert.equal(signOut.status, 302);
    assert.equal(signOut.headers.get("location"), "/login");
    assert.match(signOut.headers.getSetCookie().join("\n"), /sb_session=;.*Max-Age=0/);
    // Replaying the old cookie (or the token as a bearer) after sign-out:
    for (const path of ["/api/me", "/api/studies", "/api/library", "/api/profile", "/api/plans/user-plans/today"]) {
      assert.equal((await send(path, { method: "GET", cookie: token })).status, 401, path);
      assert.equal((await api(server.url, path, { token })).status, 401, `${path} (bearer)`);
    }
    for (const page of ["/", "/library", "/today", "/profile", "/settings"]) {
      const answer = await send(page, { method: "GET", cookie: token });
      assert.equal(answer.status, 302, page);
      assert.equal(answer.headers.get("location"), "/login");
    }
    assert.equal(
      (await send("/api/sermons", { json: { contentType: "quote", text: "after sign-out" }, cookie: token })).status,
      401,
    );
    const db = new Database(server.databasePath, { readonly: true });
    const { count } = db.prepare("select count(*) as count from sessions where user_id = ?").get(account.id) as {
      count: number;
    };
    db.close();
    assert.equal(count, 1, "only the registration's session is left; the signed-out one is deleted");
  });

  test("GET /logout (a link or an image on another site) signs nobody out", async () => {
    const account = await registerAccount(server.url);
    const answer = await send("/logout", { method: "GET", cookie: account.token });
    assert.equal(answer.status, 302);
    assert.equal((await api(server.url, "/api/me", { token: account.token })).status, 200);
  });
});

describe("the sign-in rate limit under concurrent attempts", () => {
  test("30 parallel wrong passwords for one email: at most 5 are checked, the rest are 429, then even the right password is refused", async () => {
    const account = await registerAccount(server.url);
    const attempts = Array.from({ length: 30 }, (_, index) =>
      index % 2 === 0
        ? api(server.url, "/api/auth/login", {
            method: "POST",
            body: { email: account.email, password: `wrong-${index}` },
          }).then((answer) => answer.status)
        : send("/login", { form: { email: account.email, password: `wrong-${index}` } }).then(
            (answer) => answer.status,
          ),
    );
    const statuses = await Promise.all(attempts);
    const checked = statuses.filter((status) => status === 401).length;
    const limited = statuses.filter((status) => status === 429).length;
    assert.equal(checked + limited, 30, `statuses: ${statuses.join(",")}`);
    assert.ok(checked <= 5, `${checked} wrong passwords were checked (limit 5)`);
    assert.ok(limited >= 25);

    const right = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
    });
    assert.equal(right.status, 429);
    assert.match(right.body.error, /Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
    assert.ok(Number(right.headers.get("retry-after")) > 0);
    const rightForm = await send("/login", { form: { email: account.email, password: account.password } });
    assert.equal(rightForm.status, 429);
    assert.equal(sessionTokenOf(rightForm), null, "no session while blocked");
    const other = await registerAccount(server.url);
    const otherLogin = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: other.email, password: other.password },
    });
    assert.equal(otherLogin.status, 200, "other accounts on the same address still sign in");
  });

  test("sign-ins with the right password take their count back: round after round of parallel sign-ins succeed", async () => {
    const account = await registerAccount(server.url);
    for (let round = 0; round < 4; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 4 }, () =>
          api(server.url, "/api/auth/login", {
            method: "POST",
            body: { email: account.email, password: account.password },
          }).then((answer) => answer.status),
        ),
      );
      assert.deepEqual(statuses, [200, 200, 200, 200], `round ${round + 1}`);
    }
  });
});
