/**
 * A LiteFS replica, simulated honestly (docs/adr/0010-past-one-machine.md): a database prepared by
 * a primary run, copied beside a `.primary` file naming the primary (as LiteFS's mount has on a
 * replica), the file made read-only and this process no longer root, so any write the app tries
 * fails loudly (SQLITE_READONLY, as LiteFS answers on a replica). Pages and reads must answer as
 * usual; a read that needs a write (a devotional not yet cached) is replayed on the primary.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { inspect } from "node:util";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { apiRoutes } from "../support/routes";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const PRIMARY = "3d8d9e4b1c2f08";
const NOBODY = 65534;
const DAY_MS = 24 * 60 * 60 * 1000;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-replica-"));
const databasePath = path.join(folder, "sagacity.db");
let server: TestServer;
let reader: Awaited<ReturnType<typeof seedAccount>>;
let newcomer: Awaited<ReturnType<typeof seedAccount>>;
let expiredToken: string;
/** A session cookie as the primary signs it (with the secret it keeps in app_settings). */
let signedCookie: string;
let fileHash: string;
const logged: string[] = [];
const consoleError = console.error;

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const readOnly = <T>(use: (db: Database.Database) => T) => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
};
const cookie = (token: string) => ({ cookie: `sb_session=${token}` });

before(async () => {
  // The primary's run: accounts, plans, today's devotionals written for one reader only.
  const primaryPath = path.join(folder, "primary", "sagacity.db");
  const primary = await startTestServer({}, { databasePath: primaryPath });
  try {
    reader = await seedAccount(primary.url);
    newcomer = await seedAccount(primary.url);
    const expired = await seedAccount(primary.url);
    expiredToken = expired.token;
    const plans = (await api(primary.url, "/api/plans", { token: reader.token })).body as Array<{ id: string }>;
    assert.ok(plans.length >= 2);
    for (const [account, plan] of [
      [reader, plans[0]!],
      [newcomer, plans[1]!],
    ] as const) {
      const started = await api(primary.url, "/api/plans/user-plans", {
        method: "POST",
        token: account.token,
        body: { planId: plan.id },
      });
      assert.equal(started.status, 201, JSON.stringify(started.body));
    }
    const login = await fetch(`${primary.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: reader.email, password: reader.password }).toString(),
    });
    assert.equal(login.status, 302);
    signedCookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith("sb_session="))!
      .split(";")[0]!;
    const today = await api(primary.url, "/api/plans/user-plans/today", { token: reader.token });
    assert.equal(today.status, 200);
    assert.equal(today.body.devotions.length, 3, "the reader's devotionals are cached");
    primary.withDb((db) => {
      // Bookkeeping a primary would do on the next request: last activity long ago, the session
      // past half its life, and one session already expired.
      db.prepare("update users set last_active_at = ? where id = ?").run(Date.now() - DAY_MS, reader.id);
      db.prepare("update sessions set expires_at = ? where user_id = ?").run(Date.now() + DAY_MS, reader.id);
      db.prepare("update sessions set expires_at = ? where user_id = ?").run(Date.now() - 1000, expired.id);
    });
  } finally {
    // Closed either way: a failed preparation must not leave this process running.
    await primary.close();
  }

  // What LiteFS gives a replica: the primary's database, and `.primary` beside it.
  fs.copyFileSync(primaryPath, databasePath);
  fs.rmSync(path.dirname(primaryPath), { recursive: true });
  fs.writeFileSync(path.join(folder, ".primary"), `${PRIMARY}\n`);
  fs.chmodSync(databasePath, 0o444);
  fileHash = sha256(databasePath);
  if (process.getuid?.() === 0 && othersCanReach(projectRoot)) {
    // Root writes to a read-only file regardless: from here on this process is not root. (A
    // checkout under a private folder, as `mktemp -d` makes, is out of nobody's reach: then the
    // test stays root, and any write still shows in the file's hash and rows checked below.)
    fs.chownSync(folder, NOBODY, NOBODY);
    process.setgid!(NOBODY);
    process.setuid!(NOBODY);
  }
  if (process.getuid?.() !== 0) assert.throws(() => fs.appendFileSync(databasePath, "x"), /EACCES/);

  // Every error the server logs (a failed purge, a loader's 500) shows up here.
  console.error = (...args: unknown[]) => {
    logged.push(args.map((arg) => (typeof arg === "string" ? arg : inspect(arg))).join(" "));
  };
  server = await startTestServer({}, { databasePath });
});

after(async () => {
  await server?.close();
  console.error = consoleError;
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Whether a user other than the owner can reach the folder: every folder above it searchable by others. */
function othersCanReach(folder: string): boolean {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

test("a replica starts without migrating, seeding or writing a secret, and signs with the primary's", async () => {
  // Served at all means no write was tried: the seed's insert alone fails on a read-only file.
  const me = await api(server.url, "/api/me", { token: reader.token });
  assert.equal(me.status, 200);
  assert.equal(me.body.email, reader.email);
  // The primary's signed cookie verifies: the replica read the secret from app_settings.
  const page = await fetch(`${server.url}/profile`, { headers: { cookie: signedCookie }, redirect: "manual" });
  assert.equal(page.status, 200);
  const forged = signedCookie.slice(0, -2) + (signedCookie.endsWith("AA") ? "BB" : "AA");
  const refused = await fetch(`${server.url}/profile`, { headers: { cookie: forged }, redirect: "manual" });
  assert.equal(refused.status, 302, "a cookie not signed with that secret is not a session");
});

test("pages answer a signed-in reader without writing", async () => {
  // Every page under the signed-in layout, from the route files (a new one is covered the day it is added).
  const pages = fs
    .readdirSync(path.join(projectRoot, "app/routes"))
    .filter((name) => /^_app\.[^$]/.test(name) && !name.includes("$") && name !== "_app.tsx")
    .map((name) =>
      name
        .replace(/\.tsx$/, "")
        .replace(/^_app\.(_index)?/, "/")
        .replaceAll(".", "/")
        .replace(/\/_index$/, "")
        // A trailing "_" opts out of the parent's layout and adds nothing to the address.
        .replace(/_(?=\/|$)/g, ""),
    );
  assert.ok(pages.includes("/") && pages.includes("/today") && pages.length >= 10, pages.join(", "));
  for (const pathname of pages) {
    const answer = await fetch(server.url + pathname, { headers: cookie(reader.token), redirect: "manual" });
    // Routes that only take a page's posts (the lesson stream, the reset-link dialog, the import
    // form) send a browser that opens them to their page; /bible opens the reader at its place.
    assert.ok(
      answer.status === 200 ||
        (answer.status === 302 &&
          ["/lesson-plans/generate", "/admin/reset-link", "/settings/import", "/bible"].includes(pathname)),
      `${pathname} -> ${answer.status}`,
    );
    assert.equal(answer.headers.get("fly-replay"), null, pathname);
    await answer.text();
  }
});

test("every GET API route answers without writing", async () => {
  const routes = apiRoutes().filter((route) => route.params.length === 0 && !route.pattern.includes("*"));
  assert.ok(routes.length >= 10);
  for (const route of routes) {
    // Routes that need a query get a valid one; a book look-up may find Open Library unreachable (503).
    const query =
      { "/api/commentary": "?reference=John%203:16", "/api/books/search": "?q=pilgrim", "/api/search": "?q=love" }[
        route.pattern
      ] ?? "";
    const answer = await api(server.url, route.pattern + query, { token: reader.token });
    assert.ok(
      [200, 405].includes(answer.status) || (route.pattern === "/api/books/search" && answer.status === 503),
      `GET ${route.pattern} -> ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    assert.equal(answer.headers.get("fly-replay"), null, route.pattern);
  }
  const today = await api(server.url, "/api/plans/user-plans/today", { token: reader.token });
  assert.equal(today.status, 200);
  assert.equal(today.body.devotions.length, 3, "cached devotionals are served by the replica");
});

test("session bookkeeping is left to the primary: no activity stamp, no sliding expiry, no delete", async () => {
  const before = readOnly((db) => ({
    user: db.prepare("select last_active_at as at from users where id = ?").get(reader.id),
    sessions: db.prepare("select id, expires_at from sessions order by id").all(),
  }));
  assert.equal((await api(server.url, "/api/me", { token: reader.token })).status, 200);
  assert.equal(
    (await api(server.url, "/api/me", { token: expiredToken })).status,
    401,
    "an expired session is refused",
  );
  const after = readOnly((db) => ({
    user: db.prepare("select last_active_at as at from users where id = ?").get(reader.id),
    sessions: db.prepare("select id, expires_at from sessions order by id").all(),
  }));
  assert.deepEqual(after, before);
});

test("a devotional not yet cached is replayed on the primary (fly-replay), from the API and the page", async () => {
  const fromApi = await api(server.url, "/api/plans/user-plans/today", { token: newcomer.token });
  assert.equal(fromApi.status, 409);
  assert.equal(fromApi.headers.get("fly-replay"), `instance=${PRIMARY}`);
  assert.equal(typeof fromApi.body.error, "string");

  for (const pathname of ["/today", "/today.data", "/today/devotions"]) {
    const page = await fetch(server.url + pathname, { headers: cookie(newcomer.token), redirect: "manual" });
    assert.equal(page.status, 409, pathname);
    assert.equal(page.headers.get("fly-replay"), `instance=${PRIMARY}`, pathname);
    await page.text();
  }
});

test("nothing was written and nothing failed, closing included (no PRAGMA optimize)", async () => {
  await server.close();
  assert.equal(sha256(databasePath), fileHash);
  const wal = path.join(folder, "sagacity.db-wal");
  assert.ok(!fs.existsSync(wal) || fs.statSync(wal).size === 0, "no WAL frames");
  assert.deepEqual(logged, []);
});

test("a replica whose database lacks a migration of this code refuses to start", async () => {
  const migrations = path.join(folder, "migrations");
  fs.cpSync(path.join(projectRoot, "db/migrations"), migrations, { recursive: true });
  const journalPath = path.join(migrations, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, tag: "9999_from_the_next_deploy", when: last.when + 1 });
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(path.join(migrations, "9999_from_the_next_deploy.sql"), "create table next_deploy (id integer);");
  const { startServer } = await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href);
  // A second machine restarting mid-deploy: new code, its copy not yet migrated by the primary.
  const other = path.join(folder, "other");
  fs.mkdirSync(other, { mode: 0o777 });
  fs.copyFileSync(databasePath, path.join(other, "sagacity.db"));
  fs.chmodSync(path.join(other, "sagacity.db"), 0o444);
  fs.writeFileSync(path.join(other, ".primary"), `${PRIMARY}\n`);
  await assert.rejects(
    startServer({
      port: 0,
      host: "127.0.0.1",
      databasePath: path.join(other, "sagacity.db"),
      migrationsFolder: migrations,
      quiet: true,
    }),
    /read-only replica and its database lacks 1 migration/,
  );
  const tables = new Database(path.join(other, "sagacity.db"), { readonly: true });
  assert.equal(tables.prepare("select 1 from sqlite_master where name = 'next_deploy'").get(), undefined);
  tables.close();
});
