/**
 * Issue 19: change password, reset links, delete my account, export and import (with hostile zips).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { downloadExport, fillAccount } from "../support/account-data";
import { api, registerAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  server = await startTestServer({
    IMPORT_MAX_BYTES: String(2 * 1024 * 1024),
    IMPORT_MAX_JSON_BYTES: String(8 * 1024 * 1024),
    // These tests import and export many times with one account; the hourly limits have their own tests.
    IMPORTS_PER_HOUR: "1000",
    EXPORTS_PER_HOUR: "1000",
  });
  admin = await registerAccount(server.url);
});
after(() => server.close());

async function signIn(email: string, password: string) {
  return api(server.url, "/api/auth/login", { method: "POST", body: { email, password } });
}

async function me(token: string) {
  return (await api(server.url, "/api/me", { token })).status;
}

async function upload(token: string | undefined, body: Uint8Array | FormData, contentType?: string) {
  const response = await fetch(`${server.url}/api/import`, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(contentType ? { "content-type": contentType } : {}),
    },
    body: body as Uint8Array<ArrayBuffer> | FormData,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("change password", () => {
  test("ends the user's other sessions, keeps this one, and the new password signs in", async () => {
    const account = await registerAccount(server.url);
    const second = await signIn(account.email, account.password);
    assert.equal(second.status, 200);
    const answer = await api(server.url, "/api/auth/change-password", {
      method: "POST",
      token: account.token,
      body: { currentPassword: account.password, newPassword: "a new password", confirmPassword: "a new password" },
    });
    assert.equal(answer.status, 204, JSON.stringify(answer.body));
    assert.equal(await me(account.token), 200, "the session that changed it stays");
    assert.equal(await me(second.body.token), 401, "every other session ends");
    assert.equal((await signIn(account.email, account.password)).status, 401, "the old password no longer works");
    assert.equal((await signIn(account.email, "a new password")).status, 200);
  });

  test("registration's rules and messages; a wrong current password is a 400 that signs nobody out", async () => {
    const account = await registerAccount(server.url);
    const send = (body: unknown) =>
      api(server.url, "/api/auth/change-password", { method: "POST", token: account.token, body });
    const short = await send({ currentPassword: account.password, newPassword: "abc", confirmPassword: "abc" });
    assert.equal(short.status, 400);
    assert.equal(short.body.error, "Password must be at least 6 characters");
    const differ = await send({
      currentPassword: account.password,
      newPassword: "abcdefg",
      confirmPassword: "abcdefh",
    });
    assert.equal(differ.status, 400);
    assert.equal(differ.body.error, "Please make sure both passwords are the same");
    const wrong = await send({ currentPassword: "not it", newPassword: "abcdefg", confirmPassword: "abcdefg" });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, "Current password is incorrect");
    assert.equal((await send({})).status, 400);
    assert.equal(await me(account.token), 200);
    assert.equal((await signIn(account.email, account.password)).status, 200, "the password is unchanged");
    const anonymous = await api(server.url, "/api/auth/change-password", {
      method: "POST",
      body: { currentPassword: "x", newPassword: "abcdefg", confirmPassword: "abcdefg" },
    });
    assert.equal(anonymous.status, 401);
  });
});

describe("reset links", () => {
  test("admin only; the link works once within 24 hours and ends every session", async () => {
    const account = await registerAccount(server.url);
    const path = `/api/admin/users/${account.id}/reset-link`;
    assert.equal((await api(server.url, path, { method: "POST" })).status, 401);
    assert.equal((await api(server.url, path, { method: "POST", token: account.token })).status, 403);
    assert.equal(
      (
        await api(server.url, "/api/admin/users/00000000-0000-4000-8000-000000000000/reset-link", {
          method: "POST",
          token: admin.token,
        })
      ).status,
      404,
    );
    const made = await api(server.url, path, { method: "POST", token: admin.token });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const url = new URL(made.body.url);
    assert.equal(url.origin, server.url);
    assert.equal(url.pathname, "/reset-password");
    const token = url.searchParams.get("token")!;
    const hours = (Date.parse(made.body.expiresAt) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `expires in ${hours} h`);
    const stored = server.withDb((db) => db.prepare("select token_hash from password_reset_tokens").all()) as Array<{
      token_hash: string;
    }>;
    assert.ok(stored.length > 0 && stored.every((row) => row.token_hash !== token), "only a hash is stored");

    const page = await fetch(made.body.url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /new password/i);

    const mismatch = await api(server.url, "/api/auth/reset", {
      method: "POST",
      body: { token, newPassword: "reset password", confirmPassword: "other password" },
    });
    assert.equal(mismatch.status, 400);
    const reset = await api(server.url, "/api/auth/reset", {
      method: "POST",
      body: { token, newPassword: "reset password", confirmPassword: "reset password" },
    });
    assert.equal(reset.status, 204, JSON.stringify(reset.body));
    assert.equal(await me(account.token), 401, "every session ends");
    assert.equal((await signIn(account.email, "reset password")).status, 200);
    const again = await api(server.url, "/api/auth/reset", {
      method: "POST",
      body: { token, newPassword: "third password", confirmPassword: "third password" },
    });
    assert.equal(again.status, 400, "single use");
    assert.match(again.body.error, /invalid or has expired/);
  });

  test("an expired link, a replaced link and a made-up token are refused", async () => {
    const account = await registerAccount(server.url);
    const first = await api(server.url, `/api/admin/users/${account.id}/reset-link`, {
      method: "POST",
      token: admin.token,
    });
    const second = await api(server.url, `/api/admin/users/${account.id}/reset-link`, {
      method: "POST",
      token: admin.token,
    });
    const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
    const body = (token: string) => ({ token, newPassword: "reset password", confirmPassword: "reset password" });
    assert.equal(
      (await api(server.url, "/api/auth/reset", { method: "POST", body: body(tokenOf(first.body.url)) })).status,
      400,
    );
    assert.equal((await api(server.url, "/api/auth/reset", { method: "POST", body: body("made-up") })).status, 400);
    server.withDb((db) =>
      db.prepare("update password_reset_tokens set expires_at = ? where user_id = ?").run(Date.now() - 1, account.id),
    );
    assert.equal(
      (await api(server.url, "/api/auth/reset", { method: "POST", body: body(tokenOf(second.body.url)) })).status,
      400,
    );
    assert.equal((await signIn(account.email, account.password)).status, 200, "the password is unchanged");
  });
});

describe("delete my account", () => {
  test("needs the password, removes every row of the user, and the last active admin cannot leave", async () => {
    const account = await registerAccount(server.url);
    await fillAccount(server.url, account.token, "Del");
    const wrong = await api(server.url, "/api/account", {
      method: "DELETE",
      token: account.token,
      body: { password: "nope" },
    });
    assert.equal(wrong.status, 400);
    assert.equal(await me(account.token), 200);
    assert.equal((await api(server.url, "/api/account", { method: "DELETE", body: { password: "x" } })).status, 401);
    const gone = await api(server.url, "/api/account", {
      method: "DELETE",
      token: account.token,
      body: { password: account.password },
    });
    assert.equal(gone.status, 204, JSON.stringify(gone.body));
    assert.equal(await me(account.token), 401);
    const left = server.withDb((db) => {
      const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
      let count = (db.prepare("select count(*) as n from users where id = ?").get(account.id) as { n: number }).n;
      for (const { name } of tables) {
        const columns = db.prepare(`pragma table_info("${name}")`).all() as Array<{ name: string }>;
        if (columns.some((column) => column.name === "user_id")) {
          count += (
            db.prepare(`select count(*) as n from "${name}" where user_id = ?`).get(account.id) as { n: number }
          ).n;
        }
      }
      return count;
    });
    assert.equal(left, 0, "no row of the user is left");

    const last = await api(server.url, "/api/account", {
      method: "DELETE",
      token: admin.token,
      body: { password: admin.password },
    });
    assert.equal(last.status, 409);
    assert.match(last.body.error, /last active admin/);
    assert.equal(await me(admin.token), 200);
  });
});

describe("export and import", () => {
  test("the zip holds data.json and a Markdown file per study and library item; anonymous is 401", async () => {
    assert.equal((await api(server.url, "/api/export")).status, 401);
    const account = await registerAccount(server.url);
    await fillAccount(server.url, account.token, "Exp");
    // A group this account leads, with a member and a shared lesson; one it only belongs to is not exported.
    const led = await api(server.url, "/api/groups", {
      method: "POST",
      token: account.token,
      body: { name: "Thursday group", description: "Acts" },
    });
    assert.equal(led.status, 201);
    const member = await registerAccount(server.url);
    assert.equal(
      (
        await api(server.url, "/api/groups/join", {
          method: "POST",
          token: member.token,
          body: { inviteCode: led.body.inviteCode },
        })
      ).status,
      200,
    );
    const ownStudies = await api(server.url, "/api/studies", { token: account.token });
    const sharedId = ownStudies.body.studies?.[0]?.id ?? ownStudies.body[0]?.id;
    assert.ok(sharedId, JSON.stringify(ownStudies.body).slice(0, 300));
    assert.equal(
      (
        await api(server.url, `/api/groups/${led.body.id}/studies`, {
          method: "POST",
          token: account.token,
          body: { studyId: sharedId },
        })
      ).status,
      201,
    );
    const other = await api(server.url, "/api/groups", {
      method: "POST",
      token: member.token,
      body: { name: "Not mine" },
    });
    await api(server.url, "/api/groups/join", {
      method: "POST",
      token: account.token,
      body: { inviteCode: other.body.inviteCode },
    });
    const { response, bytes } = await downloadExport(server.url, account.token);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/zip");
    assert.match(response.headers.get("content-disposition") ?? "", /attachment; filename="sagacity-bites-export-/);
    const files = unzipSync(bytes);
    const data = JSON.parse(strFromU8(files["data.json"]!));
    assert.equal(data.format, "sagacity-bites-export");
    assert.equal(data.account.email, account.email);
    assert.equal(data.studies.length, 2);
    assert.equal(data.savedStudies.length, 1);
    assert.equal(data.libraryItems.length, 2);
    assert.equal(data.readingPlans[0].planSlug, "romans-16-days");
    assert.deepEqual(
      data.readingPlans[0].progress.map((day: { dayNumber: number }) => day.dayNumber),
      [1],
    );
    assert.deepEqual(data.profile.favoriteTeachers, ["Teacher Exp"]);
    assert.equal(data.onboarding.hasCompletedWelcome, true);
    assert.equal(data.groups.length, 1);
    assert.equal(data.groups[0].id, led.body.id);
    assert.equal(data.groups[0].name, "Thursday group");
    assert.deepEqual(
      data.groups[0].members.map((m: { role: string }) => m.role),
      ["leader", "member"],
    );
    assert.deepEqual(
      data.groups[0].sharedStudies.map((row: { studyId: string }) => row.studyId),
      [sharedId],
    );
    assert.ok(
      data.studies.every(
        (study: { id: string; createdAt: string }) => study.id && !Number.isNaN(Date.parse(study.createdAt)),
      ),
    );
    const markdown = Object.keys(files).filter((name) => name.endsWith(".md"));
    assert.equal(markdown.filter((name) => name.startsWith("studies/")).length, 2);
    assert.equal(markdown.filter((name) => name.startsWith("library/")).length, 2);
    const excerpt = Object.entries(files).find(
      ([name, file]) => name.startsWith("library/") && strFromU8(file).includes("Excerpt Exp"),
    );
    assert.ok(excerpt, "the excerpt's Markdown file");
    assert.match(strFromU8(excerpt[1]), /^# .+\n[\s\S]*- Book: Book Exp/);
  });

  test("multipart upload works; the same file imported by another account on the same install gets its own rows", async () => {
    const owner = await registerAccount(server.url);
    await fillAccount(server.url, owner.token, "Multi");
    const { bytes } = await downloadExport(server.url, owner.token);
    const other = await registerAccount(server.url);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/zip" }), "export.zip");
    const answer = await upload(other.token, form);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.added.studies, 2);
    const mine = (await api(server.url, "/api/studies", { token: owner.token })).body as Array<{ id: string }>;
    const theirs = (await api(server.url, "/api/studies", { token: other.token })).body as Array<{ id: string }>;
    assert.equal(theirs.length, 2);
    assert.ok(
      theirs.every((study) => !mine.some((own) => own.id === study.id)),
      "ids are not shared between accounts",
    );
    assert.equal((await upload(other.token, form)).body.added.studies, 0, "still idempotent");
    assert.equal((await upload(undefined, bytes)).status, 401);
  });

  test("malformed, foreign, hostile and oversized files are a clear 400 (or 413) and change nothing", async () => {
    const account = await registerAccount(server.url);
    const { bytes: empty } = await downloadExport(server.url, account.token);
    const valid = JSON.parse(strFromU8(unzipSync(empty)["data.json"]!));
    const snapshot = () =>
      server.withDb((db) =>
        ["studies", "sermons", "authors", "books", "library_saves", "user_plans", "verse_notes"].map(
          (table) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n,
        ),
      );
    const before = snapshot();
    const json = (value: unknown) => zipSync({ "data.json": strToU8(JSON.stringify(value)) });
    const study = {
      id: "s-1",
      title: "T",
      content: "## C",
      studyType: "topic",
      createdAt: new Date().toISOString(),
    };
    // A zip whose data.json says it inflates to 10 bytes but holds 5 MB of zeros (a lying bomb).
    const bomb = zipSync({ "data.json": new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset);
    for (let offset = bomb.length - 22; offset >= 0; offset--) {
      if (view.getUint32(offset, true) === 0x02014b50) {
        view.setUint32(offset + 24, 10, true);
        break;
      }
    }
    const cases: Array<[string, Uint8Array, number, RegExp?]> = [
      ["not a zip", strToU8("hello, this is not a zip file at all"), 400, /not a Sagacity Bites export/],
      ["a truncated zip", empty.slice(0, Math.floor(empty.length / 2)), 400],
      ["a zip without data.json", zipSync({ "notes.txt": strToU8("hi") }), 400, /no data\.json/],
      ["another app's data.json", json({ hello: "world" }), 400, /not valid/],
      ["broken JSON", zipSync({ "data.json": strToU8("{not json") }), 400, /not valid JSON/],
      ["wrong types", json({ ...valid, studies: [{ ...study, title: 42 }] }), 400],
      ["a study id that is an object", json({ ...valid, studies: [{ ...study, id: { $gt: "" } }] }), 400],
      ["deep nesting", zipSync({ "data.json": strToU8("[".repeat(100_000) + "]".repeat(100_000)) }), 400],
      ["path names", zipSync({ "../../etc/passwd": strToU8("x"), "/abs/data.json": strToU8("{}") }), 400],
      ["a lying zip bomb", bomb, 400],
      [
        "data.json that inflates past the cap",
        zipSync({ "data.json": new Uint8Array(9 * 1024 * 1024) }, { level: 9 }),
        413,
      ],
      ["a body over IMPORT_MAX_BYTES", new Uint8Array(3 * 1024 * 1024), 413],
      [
        "a valid study beside a broken one (one transaction)",
        json({ ...valid, studies: [study, { ...study, id: "s-2", studyType: "sermon" }] }),
        400,
      ],
    ];
    for (const [name, body, status, message] of cases) {
      const answer = await upload(account.token, body, "application/zip");
      assert.equal(answer.status, status, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal(typeof answer.body.error, "string", name);
      if (message) assert.match(answer.body.error, message, name);
    }
    assert.deepEqual(snapshot(), before, "nothing was added");
  });
});

describe("pages", () => {
  function post(path: string, token: string | undefined, form: Record<string, string>) {
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(token ? { cookie: `sb_session=${token}` } : {}),
      },
      body: new URLSearchParams(form),
    });
  }

  /** The settings page's change-password form, the new password typed twice. */
  function changePassword(account: { token: string; password: string }, newPassword: string) {
    return post("/settings", account.token, {
      intent: "change-password",
      currentPassword: account.password,
      newPassword,
      confirmPassword: newPassword,
    });
  }

  test("/settings has the cards; its forms change the password and delete the account", async () => {
    const account = await registerAccount(server.url);
    const html = await (
      await fetch(`${server.url}/settings`, { headers: { cookie: `sb_session=${account.token}` } })
    ).text();
    for (const text of ["Change Password", "Export my data", "Import", "Delete My Account"])
      assert.ok(html.includes(text), text);
    const short = await changePassword(account, "abc");
    assert.equal(short.status, 400);
    assert.match(await short.text(), /Password must be at least 6 characters/);
    const changed = await changePassword(account, "page password");
    assert.equal(changed.status, 302);
    assert.equal(await me(account.token), 200);
    const wrong = await post("/settings", account.token, { intent: "delete-account", password: "nope" });
    assert.equal(wrong.status, 400);
    const deleted = await post("/settings", account.token, { intent: "delete-account", password: "page password" });
    assert.equal(deleted.status, 302);
    assert.equal(deleted.headers.get("location"), "/login");
    assert.equal(await me(account.token), 401);
  });

  test("/settings/export downloads the zip; /settings/import takes a multipart upload and says what it added", async () => {
    const account = await registerAccount(server.url);
    await fillAccount(server.url, account.token, "Page");
    const zip = await fetch(`${server.url}/settings/export`, { headers: { cookie: `sb_session=${account.token}` } });
    assert.equal(zip.headers.get("content-type"), "application/zip");
    const bytes = new Uint8Array(await zip.arrayBuffer());
    const other = await registerAccount(server.url);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/zip" }), "export.zip");
    const imported = await fetch(`${server.url}/settings/import`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: `sb_session=${other.token}` },
      body: form,
    });
    assert.equal(imported.status, 302);
    assert.equal(imported.headers.get("location"), "/settings");
    assert.equal(((await api(server.url, "/api/studies", { token: other.token })).body as unknown[]).length, 2);
  });

  test("/login links to Forgot password?; without SMTP the page says to ask the group leader or an admin", async () => {
    assert.match(await (await fetch(`${server.url}/login`)).text(), /href="\/forgot-password"[^>]*>Forgot password\?/);
    const page = await (await fetch(`${server.url}/forgot-password`)).text();
    assert.match(page, /Ask your group leader or an admin/);
    assert.doesNotMatch(page, /Send Reset Link/);
    const refused = await post("/forgot-password", undefined, { email: admin.email });
    assert.equal(refused.status, 400);
    assert.match(await (await fetch(`${server.url}/reset-password?token=made-up`)).text(), /invalid or has expired/);
  });

  test("the Admin Console's reset-link action answers { url, expiresAt } to admins only", async () => {
    const account = await registerAccount(server.url);
    const asAdmin = await post("/admin/reset-link", admin.token, { userId: account.id });
    assert.equal(asAdmin.status, 200);
    const body = await asAdmin.json();
    assert.match(body.url, /\/reset-password\?token=/);
    assert.ok(Date.parse(body.expiresAt) > Date.now());
    assert.equal((await post("/admin/reset-link", account.token, { userId: account.id })).status, 302);
    assert.equal((await post("/admin/reset-link", admin.token, { userId: "nobody" })).status, 404);
  });
});

describe("npm run admin", () => {
  function admin(...args: string[]) {
    const result = spawnSync(process.execPath, ["scripts/admin.mjs", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_PATH: server.databasePath, PUBLIC_URL: "https://study.church.example" },
      encoding: "utf8",
    });
    return { status: result.status, out: result.stdout + result.stderr };
  }

  test("reset-link EMAIL prints a working link under PUBLIC_URL; export EMAIL writes the zip", async () => {
    const account = await registerAccount(server.url);
    const printed = admin("reset-link", account.email);
    assert.equal(printed.status, 0, printed.out);
    const link = /https:\/\/study\.church\.example\/reset-password\?token=([\w-]+)/.exec(printed.out);
    assert.ok(link, printed.out);
    const reset = await api(server.url, "/api/auth/reset", {
      method: "POST",
      body: { token: link[1], newPassword: "from the server", confirmPassword: "from the server" },
    });
    assert.equal(reset.status, 204);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-export-"));
    try {
      const file = path.join(folder, "out.zip");
      const exported = admin("export", account.email, file);
      assert.equal(exported.status, 0, exported.out);
      const data = JSON.parse(strFromU8(unzipSync(fs.readFileSync(file))["data.json"]!));
      assert.equal(data.account.email, account.email);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    assert.equal(admin("reset-link", "nobody@example.com").status, 1);
  });
});
