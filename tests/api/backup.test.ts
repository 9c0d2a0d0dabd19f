import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import Database from "better-sqlite3";
import { resetConfig } from "~/config.server";
import { closeDatabase, defaultMigrationsFolder, migrateDatabase, openDatabase } from "~/db.server";
import { api, seedAccount, startTestServer } from "../support/server";

const projectRoot = path.resolve(import.meta.dirname, "../..");

function runScript(script: string, args: string[], databasePath: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [path.join(projectRoot, "scripts", script), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_PATH: databasePath, ...env },
    encoding: "utf8",
  });
}

async function canSignIn(url: string, account: { email: string; password: string }) {
  const answer = await api(url, "/api/auth/login", { method: "POST", body: account });
  return answer.status === 200;
}

test("backup while the server runs, then restore over a database that moved on", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-backup-"));
  const databasePath = path.join(folder, "live.db");
  const backupFile = path.join(folder, "nightly.db");

  let server = await startTestServer({}, { databasePath });
  const kept = await seedAccount(server.url);
  const backup = runScript("backup.mjs", [backupFile], databasePath);
  assert.equal(backup.status, 0, backup.stderr);
  assert.match(backup.stdout, /Backed up/);
  const later = await seedAccount(server.url);
  await server.close();

  const restore = runScript("restore.mjs", [backupFile], databasePath);
  assert.equal(restore.status, 0, restore.stderr);
  assert.match(restore.stdout, /saved at .*pre-restore/);

  server = await startTestServer({}, { databasePath });
  assert.equal(await canSignIn(server.url, kept), true);
  assert.equal(await canSignIn(server.url, later), false, "the account made after the backup is gone");
  await server.close();

  const saved = fs.readdirSync(path.join(folder, "backups")).filter((name) => name.includes("pre-restore"));
  assert.equal(saved.length, 1, "the replaced database was kept");
  fs.rmSync(folder, { recursive: true, force: true });
});

test("backup without a destination writes a timestamped file; restore refuses a file that is not a backup", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-backup-"));
  const databasePath = path.join(folder, "app.db");
  const db = new Database(databasePath);
  db.exec("create table users (id text primary key)");
  db.close();
  const backup = runScript("backup.mjs", [], databasePath);
  assert.equal(backup.status, 0, backup.stderr);
  assert.match(backup.stdout, /backups\/app-backup-\d{4}-\d{2}-\d{2}T/);

  const junk = path.join(folder, "junk.db");
  fs.writeFileSync(junk, "not a database");
  const refused = runScript("restore.mjs", [junk], databasePath);
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /not a (usable )?SQLite database/);
  fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * A newer release's migrations folder, written in `folder`: this release's migrations and one more
 * (it creates the table `upgrade_probe`). Returns the folder's path.
 */
function newerRelease(folder: string) {
  const migrations = path.join(folder, "migrations");
  fs.cpSync(defaultMigrationsFolder(), migrations, { recursive: true });
  const journalPath = path.join(migrations, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_test_upgrade" });
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(migrations, "9999_test_upgrade.sql"),
    "CREATE TABLE `upgrade_probe` (`id` integer PRIMARY KEY);",
  );
  return migrations;
}

test("a backup is taken automatically before pending migrations run", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-migrate-"));
  const databasePath = path.join(folder, "app.db");
  const db = openDatabase(databasePath);
  const first = await migrateDatabase(db, { databasePath });
  assert.ok(first.applied >= 1);
  assert.equal(first.backupPath, undefined, "a new database has nothing to back up");
  db.$client.prepare("insert into users (id, email, password_hash) values ('u1', 'a@b.co', 'x')").run();

  // A newer release with one more migration.
  const migrations = newerRelease(folder);

  const upgrade = await migrateDatabase(db, { migrationsFolder: migrations, databasePath });
  assert.equal(upgrade.applied, 1);
  assert.ok(upgrade.backupPath && fs.existsSync(upgrade.backupPath));
  const copy = new Database(upgrade.backupPath!, { readonly: true });
  assert.equal((copy.prepare("select count(*) as n from users").get() as { n: number }).n, 1);
  assert.equal(copy.prepare("select 1 from sqlite_master where name = 'upgrade_probe'").get(), undefined);
  copy.close();
  closeDatabase();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("npm run admin -- grant/revoke EMAIL promotes and demotes an account", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-admin-cli-"));
  const databasePath = path.join(folder, "app.db");
  const server = await startTestServer({}, { databasePath });
  await seedAccount(server.url);
  const member = await seedAccount(server.url);
  assert.equal(member.isAdmin, false);

  const grant = runScript("admin.mjs", ["grant", member.email.toUpperCase()], databasePath);
  assert.equal(grant.status, 0, grant.stderr);
  assert.match(grant.stdout, /now an admin/);
  assert.equal((await api(server.url, "/api/me", { token: member.token })).body.isAdmin, true);

  const revoke = runScript("admin.mjs", ["revoke", member.email], databasePath);
  assert.equal(revoke.status, 0, revoke.stderr);
  assert.equal((await api(server.url, "/api/me", { token: member.token })).body.isAdmin, false);

  const unknown = runScript("admin.mjs", ["grant", "nobody@example.com"], databasePath);
  assert.notEqual(unknown.status, 0);
  assert.match(unknown.stderr, /No account with the email nobody@example.com/);
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("BACKUP_DIR holds the backups, the restore's copy of the replaced database and the pre-migration backup", async () => {
  // A LiteFS mount holds database files only: a replicated install keeps its backups elsewhere.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-backup-"));
  const databasePath = path.join(folder, "mount", "app.db");
  const backupDir = path.join(folder, "volume", "backups");
  const previous = process.env.BACKUP_DIR;
  process.env.BACKUP_DIR = backupDir;
  resetConfig();
  try {
    await migrateDatabase(openDatabase(databasePath), { databasePath });
    closeDatabase();

    const backup = runScript("backup.mjs", [], databasePath, { BACKUP_DIR: backupDir });
    assert.equal(backup.status, 0, backup.stderr);
    const [made] = fs.readdirSync(backupDir);
    assert.match(made!, /^app-backup-\d{4}-\d{2}-\d{2}T/);
    const restore = runScript("restore.mjs", [path.join(backupDir, made!)], databasePath, { BACKUP_DIR: backupDir });
    assert.equal(restore.status, 0, restore.stderr);
    assert.ok(fs.readdirSync(backupDir).some((name) => name.startsWith("app-pre-restore-")));

    // A release with one more migration: its automatic backup goes there too.
    const migrations = newerRelease(folder);
    const upgrade = await migrateDatabase(openDatabase(databasePath), { migrationsFolder: migrations, databasePath });
    assert.equal(path.dirname(upgrade.backupPath!), backupDir);
  } finally {
    closeDatabase();
    if (previous === undefined) delete process.env.BACKUP_DIR;
    else process.env.BACKUP_DIR = previous;
    resetConfig();
  }
  assert.deepEqual(
    fs.readdirSync(path.dirname(databasePath)).filter((name) => !name.startsWith("app.db")),
    [],
    "nothing but the database in its folder",
  );
  fs.rmSync(folder, { recursive: true, force: true });
});
