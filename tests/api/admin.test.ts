import assert from "node:assert/strict";
import crypto from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api, assertRefusals, registerAccount, startTestServer, type TestServer } from "../support/server";
import { USER_DATA_TABLES } from "../support/user-tables";

let server: TestServer;
let admin: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  server = await startTestServer();
  admin = await registerAccount(server.url);
  assert.equal(admin.isAdmin, true, "the first account is the admin");
});
after(() => server.close());

/** Gives a user one of everything they can own, straight in the database. */
function giveUserData(userId: string, { plans = 1, studies = 1 } = {}) {
  return server.withDb((db) => {
    const planIds: string[] = [];
    for (let index = 0; index < plans; index++) {
      const planId = crypto.randomUUID();
      db.prepare(
        "insert into reading_plans (id, slug, name, description, days_count, plan_type) values (?, ?, ?, ?, 3, 'test')",
      ).run(planId, `plan-${planId}`, "Plan", "A plan");
      const userPlanId = crypto.randomUUID();
      db.prepare("insert into user_plans (id, user_id, plan_id) values (?, ?, ?)").run(userPlanId, userId, planId);
      db.prepare("insert into user_plan_progress (id, user_plan_id, day_number) values (?, ?, 1)").run(
        crypto.randomUUID(),
        userPlanId,
      );
      planIds.push(userPlanId);
    }
    const studyIds: string[] = [];
    for (let index = 0; index < studies; index++) {
      const studyId = crypto.randomUUID();
      db.prepare(
        "insert into studies (id, user_id, title, content, study_type) values (?, ?, 'Study', '## Overview', 'topic')",
      ).run(studyId, userId);
      db.prepare("insert into library_saves (id, user_id, study_id) values (?, ?, ?)").run(
        crypto.randomUUID(),
        userId,
        studyId,
      );
      studyIds.push(studyId);
    }
    const authorId = crypto.randomUUID();
    db.prepare("insert into authors (id, user_id, name) values (?, ?, 'An Author')").run(authorId, userId);
    const bookId = crypto.randomUUID();
    db.prepare(
      "insert into books (id, user_id, author_id, asin, title, amazon_url) values (?, ?, ?, 'B000', 'A Book', 'https://example.com/b')",
    ).run(bookId, userId, authorId);
    db.prepare(
      "insert into sermons (id, user_id, author_id, book_id, title, transcript, content_type) values (?, ?, ?, ?, 'Sermon', 'Text', 'blog')",
    ).run(crypto.randomUUID(), userId, authorId, bookId);
    // John 3:16 (verse ids: book order * 1,000,000 + chapter * 1,000 + verse).
    db.prepare(
      "insert into verse_notes (id, user_id, kind, start_verse, end_verse, body) values (?, ?, 'note', 43003016, 43003016, 'A note')",
    ).run(crypto.randomUUID(), userId);
    return { planIds, studyIds };
  });
}

/** Every row anywhere that still belongs to a user, table by table. */
function rowsOwnedBy(userId: string) {
  return server.withDb((db) => {
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
    const owned: Record<string, number> = {};
    for (const { name } of tables) {
      const columns = db.prepare(`pragma table_info("${name}")`).all() as Array<{ name: string }>;
      if (!columns.some((column) => column.name === "user_id")) continue;
      const { count } = db.prepare(`select count(*) as count from "${name}" where user_id = ?`).get(userId) as {
        count: number;
      };
      if (count > 0) owned[name] = count;
    }
    const { count: users } = db.prepare("select count(*) as count from users where id = ?").get(userId) as {
      count: number;
    };
    if (users > 0) owned.users = users;
    return owned;
  });
}

describe("authorization matrix", () => {
  test("admin routes: anonymous 401, user 403, admin allowed; profile and onboarding: any signed-in user", async () => {
    const user = await registerAccount(server.url);
    const target = await registerAccount(server.url);
    const routes: Array<{ method: string; path: string; body?: unknown; adminOnly: boolean; ok: number }> = [
      { method: "GET", path: "/api/admin/users", adminOnly: true, ok: 200 },
      { method: "PATCH", path: `/api/admin/users/${target.id}`, body: { isActive: true }, adminOnly: true, ok: 200 },
      { method: "GET", path: "/api/admin/settings", adminOnly: true, ok: 200 },
      { method: "PATCH", path: "/api/admin/settings", body: { tone: "Pastoral" }, adminOnly: true, ok: 200 },
      { method: "GET", path: "/api/profile", adminOnly: false, ok: 200 },
      { method: "PATCH", path: "/api/profile", body: { studyDepthPreference: "beginner" }, adminOnly: false, ok: 200 },
      { method: "GET", path: "/api/onboarding/status", adminOnly: false, ok: 200 },
      {
        method: "PATCH",
        path: "/api/onboarding/progress",
        body: { hasCompletedWelcome: true },
        adminOnly: false,
        ok: 200,
      },
      // Last, so the target is still there for the rows above.
      { method: "DELETE", path: `/api/admin/users/${target.id}`, adminOnly: true, ok: 200 },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const anonymous = await api(server.url, route.path, { method: route.method, body: route.body });
      assert.equal(anonymous.status, 401, `anonymous ${label}`);
      assert.equal(anonymous.body.error, "Authentication required");
      const asUser = await api(server.url, route.path, { method: route.method, body: route.body, token: user.token });
      assert.equal(asUser.status, route.adminOnly ? 403 : route.ok, `user ${label}`);
      if (route.adminOnly) assert.equal(asUser.body.error, "Admin access required");
      const asAdmin = await api(server.url, route.path, { method: route.method, body: route.body, token: admin.token });
      assert.equal(asAdmin.status, route.ok, `admin ${label}: ${JSON.stringify(asAdmin.body)}`);
    }
  });

  test("a user's refused admin calls change nothing", async () => {
    const user = await registerAccount(server.url);
    const target = await registerAccount(server.url);
    await api(server.url, `/api/admin/users/${target.id}`, {
      method: "PATCH",
      token: user.token,
      body: { isAdmin: true },
    });
    await api(server.url, `/api/admin/users/${target.id}`, { method: "DELETE", token: user.token });
    const list = await api(server.url, "/api/admin/users", { token: admin.token });
    const row = list.body.find((item: { id: string }) => item.id === target.id);
    assert.equal(row.isAdmin, false);
  });
});

describe("GET /api/admin/users", () => {
  test("lists every user with the spec's fields and their stats", async () => {
    const busy = await registerAccount(server.url);
    giveUserData(busy.id, { plans: 2, studies: 3 });
    const idle = await registerAccount(server.url);
    const list = await api(server.url, "/api/admin/users", { token: admin.token });
    assert.equal(list.status, 200);
    const busyRow = list.body.find((item: { id: string }) => item.id === busy.id);
    assert.deepEqual(Object.keys(busyRow).sort(), ["createdAt", "email", "id", "isActive", "isAdmin", "stats"]);
    assert.equal(busyRow.email, busy.email);
    assert.equal(busyRow.isAdmin, false);
    assert.equal(busyRow.isActive, true);
    assert.ok(!Number.isNaN(Date.parse(busyRow.createdAt)));
    assert.deepEqual(busyRow.stats, { readingPlansStarted: 2, studiesCreated: 3 });
    const idleRow = list.body.find((item: { id: string }) => item.id === idle.id);
    assert.deepEqual(idleRow.stats, { readingPlansStarted: 0, studiesCreated: 0 });
    const adminRow = list.body.find((item: { id: string }) => item.id === admin.id);
    assert.equal(adminRow.isAdmin, true);
    assert.ok(!("passwordHash" in adminRow) && !("password" in adminRow));
  });
});

describe("PATCH /api/admin/users/{userId}", () => {
  test("deactivating ends the user's sessions at once; reactivating lets them sign in again", async () => {
    const user = await registerAccount(server.url);
    assert.equal((await api(server.url, "/api/me", { token: user.token })).status, 200);
    const off = await api(server.url, `/api/admin/users/${user.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    assert.equal(off.status, 200);
    assert.equal(off.body.isActive, false);
    assert.equal((await api(server.url, "/api/me", { token: user.token })).status, 401);
    assert.equal(
      server.withDb(
        (db) =>
          (db.prepare("select count(*) as count from sessions where user_id = ?").get(user.id) as { count: number })
            .count,
      ),
      0,
    );
    const refused = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    assert.equal(refused.status, 403);

    const on = await api(server.url, `/api/admin/users/${user.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: true },
    });
    assert.equal(on.body.isActive, true);
    const login = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    assert.equal(login.status, 200);
  });

  test("granting and revoking admin takes effect on the next request", async () => {
    const user = await registerAccount(server.url);
    await api(server.url, `/api/admin/users/${user.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isAdmin: true },
    });
    assert.equal((await api(server.url, "/api/admin/users", { token: user.token })).status, 200);
    assert.equal((await api(server.url, "/api/me", { token: user.token })).body.isAdmin, true);
    await api(server.url, `/api/admin/users/${user.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isAdmin: false },
    });
    assert.equal((await api(server.url, "/api/admin/users", { token: user.token })).status, 403);
  });

  test("the body must be exactly one of isActive or isAdmin, as a boolean", async () => {
    const user = await registerAccount(server.url);
    for (const body of [
      {},
      { isActive: "false" },
      { isAdmin: 1 },
      { isActive: false, isAdmin: true },
      { email: "x@y.z" },
      null,
    ]) {
      const answer = await api(server.url, `/api/admin/users/${user.id}`, {
        method: "PATCH",
        token: admin.token,
        body,
      });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.error, /either isActive or isAdmin/, JSON.stringify(body));
    }
    assert.equal((await api(server.url, "/api/me", { token: user.token })).status, 200);
  });

  test("an unknown user is a 404", async () => {
    const answer = await api(server.url, `/api/admin/users/${crypto.randomUUID()}`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    assert.equal(answer.status, 404);
    assert.equal(answer.body.error, "User not found");
    const gone = await api(server.url, `/api/admin/users/${crypto.randomUUID()}`, {
      method: "DELETE",
      token: admin.token,
    });
    assert.equal(gone.status, 404);
  });

  test("an admin cannot deactivate, demote or delete their own account", async () => {
    const deactivate = await api(server.url, `/api/admin/users/${admin.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    assert.equal(deactivate.status, 400);
    assert.equal(deactivate.body.error, "You cannot deactivate your own account");
    const demote = await api(server.url, `/api/admin/users/${admin.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isAdmin: false },
    });
    assert.equal(demote.status, 400);
    assert.equal(demote.body.error, "You cannot remove your own admin access");
    const remove = await api(server.url, `/api/admin/users/${admin.id}`, { method: "DELETE", token: admin.token });
    assert.equal(remove.status, 400);
    assert.equal(remove.body.error, "You cannot delete your own account");
    const me = await api(server.url, "/api/me", { token: admin.token });
    assert.equal(me.body.isAdmin, true);
  });

  test("an admin may act on another admin while another active admin remains", async () => {
    const second = await registerAccount(server.url);
    await api(server.url, `/api/admin/users/${second.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { isAdmin: true },
    });
    // The second admin demotes the first, then the first cannot act any more.
    const demote = await api(server.url, `/api/admin/users/${admin.id}`, {
      method: "PATCH",
      token: second.token,
      body: { isAdmin: false },
    });
    assert.equal(demote.status, 200);
    assert.equal((await api(server.url, "/api/admin/users", { token: admin.token })).status, 403);
    const restore = await api(server.url, `/api/admin/users/${admin.id}`, {
      method: "PATCH",
      token: second.token,
      body: { isAdmin: true },
    });
    assert.equal(restore.status, 200);
    const removeSecond = await api(server.url, `/api/admin/users/${second.id}`, {
      method: "DELETE",
      token: admin.token,
    });
    assert.equal(removeSecond.status, 200);
  });
});

describe("DELETE /api/admin/users/{userId}", () => {
  test("removes the user and all their data, and ends their sessions", async () => {
    const user = await registerAccount(server.url);
    await api(server.url, "/api/profile", {
      method: "PATCH",
      token: user.token,
      body: { favoriteTeachers: ["Someone"] },
    });
    await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: user.token,
      body: { hasCompletedWelcome: true },
    });
    const { planIds } = giveUserData(user.id, { plans: 2, studies: 2 });
    const before = rowsOwnedBy(user.id);
    for (const table of USER_DATA_TABLES) {
      assert.ok(before[table], `the test gave the user a row in ${table}`);
    }

    const other = await registerAccount(server.url);
    giveUserData(other.id);

    const answer = await api(server.url, `/api/admin/users/${user.id}`, { method: "DELETE", token: admin.token });
    assert.equal(answer.status, 200);
    assert.deepEqual(rowsOwnedBy(user.id), {});
    const progress = server.withDb(
      (db) =>
        (
          db
            .prepare(
              `select count(*) as count from user_plan_progress where user_plan_id in (${planIds.map(() => "?").join(",")})`,
            )
            .get(...planIds) as {
            count: number;
          }
        ).count,
    );
    assert.equal(progress, 0);
    assert.equal((await api(server.url, "/api/me", { token: user.token })).status, 401);
    const login = await api(server.url, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    assert.equal(login.status, 401);

    // Nobody else lost anything.
    const otherRows = rowsOwnedBy(other.id);
    assert.equal(otherRows.studies, 1);
    assert.equal(otherRows.user_plans, 1);
    assert.equal((await api(server.url, "/api/me", { token: other.token })).status, 200);
    const list = await api(server.url, "/api/admin/users", { token: admin.token });
    assert.ok(!list.body.some((item: { id: string }) => item.id === user.id));
  });
});

describe("GET and PATCH /api/admin/settings", () => {
  test("reads the ten settings and saves valid changes", async () => {
    const current = await api(server.url, "/api/admin/settings", { token: admin.token });
    assert.equal(current.status, 200);
    assert.deepEqual(Object.keys(current.body).sort(), [
      "beginnerWordLimit",
      "citationFormat",
      "deepStudyWordLimit",
      "intermediateWordLimit",
      "languageComplexity",
      "model",
      "targetAudience",
      "tone",
      "translation",
      "writingStyle",
    ]);
    const next = {
      model: "gpt-4.1",
      tone: "Formal",
      beginnerWordLimit: 100,
      intermediateWordLimit: 800,
      deepStudyWordLimit: 1200,
      translation: "ESV",
      writingStyle: "Expository",
      citationFormat: "Footnotes",
      targetAudience: "Advanced",
      languageComplexity: "Simple",
    };
    const saved = await api(server.url, "/api/admin/settings", { method: "PATCH", token: admin.token, body: next });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body, next);
    assert.deepEqual((await api(server.url, "/api/admin/settings", { token: admin.token })).body, next);

    const partial = await api(server.url, "/api/admin/settings", {
      method: "PATCH",
      token: admin.token,
      body: { tone: "Pastoral" },
    });
    assert.deepEqual(partial.body, { ...next, tone: "Pastoral" });
    await api(server.url, "/api/admin/settings", { method: "PATCH", token: admin.token, body: current.body });
  });

  test("values outside the §5 rules are a 400 with a clear message and change nothing", async () => {
    const before = await api(server.url, "/api/admin/settings", { token: admin.token });
    const cases: Array<[unknown, RegExp]> = [
      [{ beginnerWordLimit: 50 }, /Beginner word limit must be between 100 and 500/],
      [{ beginnerWordLimit: 510 }, /Beginner word limit must be between 100 and 500/],
      [{ intermediateWordLimit: 199 }, /Intermediate word limit must be between 200 and 800/],
      [{ deepStudyWordLimit: 1300 }, /Deep study word limit must be between 400 and 1200/],
      [{ deepStudyWordLimit: 500.5 }, /whole number/],
      [{ beginnerWordLimit: "300" }, /must be a number/],
      [{ tone: "Funny" }, /Tone must be one of Pastoral, Conversational, Inspirational, Formal/],
      [{ translation: "MSG" }, /Translation must be one of NKJV, NIV, ESV, KJV/],
      [{ writingStyle: "Poetic" }, /Writing style must be one of/],
      [{ citationFormat: "None" }, /Citation format must be one of/],
      [{ targetAudience: "Kids" }, /Target audience must be one of/],
      [{ languageComplexity: "Hard" }, /Language complexity must be one of/],
      [{ model: "" }, /Model is required/],
      [{}, /at least one AI setting/],
    ];
    await assertRefusals(server.url, "/api/admin/settings", { method: "PATCH", token: admin.token }, cases);
    // One bad field spoils the whole request.
    const mixed = await api(server.url, "/api/admin/settings", {
      method: "PATCH",
      token: admin.token,
      body: { tone: "Formal", beginnerWordLimit: 5000 },
    });
    assert.equal(mixed.status, 400);
    assert.deepEqual((await api(server.url, "/api/admin/settings", { token: admin.token })).body, before.body);
  });
});
