/**
 * The desktop app's log file and backups, on real files: the log rotates through electron-log's
 * own file transport (its Node build, the same transport the app's main process uses), the daily
 * and before-upgrade copies rotate, and a restore only accepts a sound database of this app and
 * keeps the current one aside.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import Database from "better-sqlite3";
import {
  assertRestorableBackup,
  NotOurBackupError,
  replaceWithBackup,
  takeDailyBackup,
  takeUpgradeBackup,
  undoRestore,
} from "../../desktop/src/database-backup";
import { archiveLog, configureLogFile, LOG_FILE, MAX_LOG_BYTES, type FileLogger } from "../../desktop/src/log-file";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-data-safety-"));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
function folder(name: string) {
  counter += 1;
  const created = path.join(scratch, `${name}-${counter}`);
  fs.mkdirSync(created, { recursive: true });
  return created;
}

const openSqlite = (file: string, options: { readonly: boolean; fileMustExist: boolean }) =>
  new Database(file, options);

/** A database shaped like the app's: its users table and drizzle's journal, in WAL mode. */
function appDatabase(file: string, emails: string[]) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("create table users (email text); create table __drizzle_migrations (id integer, hash text)");
  for (const email of emails) db.prepare("insert into users values (?)").run(email);
  return db;
}
function emailsIn(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email);
  } finally {
    db.close();
  }
}

describe("the log file", () => {
  test("archives main.log as main.1.log, moves older archives up, and drops the oldest", () => {
    const logs = folder("archive");
    const file = path.join(logs, "main.log");
    for (const round of [1, 2, 3, 4, 5]) {
      fs.writeFileSync(file, `round ${round}\n`);
      archiveLog(file, 3);
    }
    assert.deepEqual(fs.readdirSync(logs).sort(), ["main.1.log", "main.2.log", "main.3.log"]);
    assert.equal(fs.readFileSync(path.join(logs, "main.1.log"), "utf8"), "round 5\n");
    assert.equal(fs.readFileSync(path.join(logs, "main.3.log"), "utf8"), "round 3\n");
  });

  test("electron-log writes it in the data folder's logs/ and rotates it at the size limit", () => {
    const requireDesktop = createRequire(path.join(projectRoot, "desktop/package.json"));
    const log = requireDesktop("electron-log/node") as FileLogger & {
      transports: { console: { level: false | string }; file: { maxSize: number; level: string } };
      info(...values: unknown[]): void;
    };
    log.transports.console.level = false;
    const logs = path.join(folder("electron-log"), "logs");
    configureLogFile(log, logs);
    assert.equal(log.transports.file.maxSize, MAX_LOG_BYTES);
    // A smaller limit keeps the test quick; the rotation is electron-log's own.
    log.transports.file.maxSize = 4096;
    for (let line = 0; line < 60; line += 1) log.info(`line ${line} ${"x".repeat(200)}`);
    const files = fs.readdirSync(logs).sort();
    assert.ok(files.includes(LOG_FILE), files.join(", "));
    assert.ok(files.includes("main.1.log") && files.includes("main.2.log"), files.join(", "));
    assert.ok(fs.statSync(path.join(logs, LOG_FILE)).size <= 4096 + 300);
    assert.match(fs.readFileSync(path.join(logs, LOG_FILE), "utf8"), /line 59 x+/);
  });
});

describe("rotating backups", () => {
  test("one copy a day, the last 7 days kept, each a consistent copy of the live file", async () => {
    const data = folder("daily");
    const database = path.join(data, "sagacity.db");
    const backups = path.join(data, "backups");
    const db = appDatabase(database, ["ruth@example.org"]);
    try {
      for (let day = 1; day <= 9; day += 1) {
        const today = new Date(Date.UTC(2026, 10, day, 12));
        const made = await takeDailyBackup(database, backups, openSqlite, { today });
        assert.ok(made, `day ${day}`);
        assert.equal(await takeDailyBackup(database, backups, openSqlite, { today }), null, "once a day");
      }
    } finally {
      db.close();
    }
    const kept = fs.readdirSync(backups).sort();
    assert.deepEqual(
      kept,
      [3, 4, 5, 6, 7, 8, 9].map((day) => `sagacity-daily-2026-11-0${day}.db`),
    );
    // Written while open in WAL mode, the copy still holds the rows (SQLite's backup, not a file copy).
    assert.deepEqual(emailsIn(path.join(backups, kept.at(-1)!)), ["ruth@example.org"]);
    assert.equal(await takeDailyBackup(path.join(data, "none.db"), backups, openSqlite), null, "no database yet");
  });

  test("the copy before an upgrade: only the latest is kept, beside the daily ones", async () => {
    const data = folder("upgrade");
    const database = path.join(data, "sagacity.db");
    const backups = path.join(data, "backups");
    appDatabase(database, ["boaz@example.org"]).close();
    await takeDailyBackup(database, backups, openSqlite);
    await takeUpgradeBackup(database, backups, "0.1.0", openSqlite);
    await takeUpgradeBackup(database, backups, "0.2.0", openSqlite);
    const files = fs.readdirSync(backups);
    assert.deepEqual(
      files.filter((name) => name.includes("before-upgrade")),
      ["sagacity-before-upgrade-0.2.0.db"],
    );
    assert.equal(files.filter((name) => name.includes("-daily-")).length, 1);
  });
});

describe("restoring a backup", () => {
  test("only a sound SQLite database of this app is accepted", () => {
    const data = folder("not-ours");
    const text = path.join(data, "notes.db");
    fs.writeFileSync(text, "my sermon notes, not a database");
    assert.throws(
      () => assertRestorableBackup(text, openSqlite),
      (error: Error) => error instanceof NotOurBackupError && /not a SQLite file/.test(error.message),
    );
    const other = path.join(data, "other.db");
    const otherDb = new Database(other);
    otherDb.exec("create table recipes (name text)");
    otherDb.close();
    assert.throws(() => assertRestorableBackup(other, openSqlite), /not a Sagacity Bites backup/);
    const damaged = path.join(data, "damaged.db");
    appDatabase(
      damaged,
      Array.from({ length: 400 }, (_, index) => `person${index}@example.org`),
    ).close();
    const bytes = fs.readFileSync(damaged);
    bytes.fill(0xff, 4096 + 100, bytes.length - 100);
    fs.writeFileSync(damaged, bytes);
    assert.throws(() => assertRestorableBackup(damaged, openSqlite), NotOurBackupError);
    assert.throws(() => assertRestorableBackup(path.join(data, "missing.db"), openSqlite), /could not be read/);
  });

  test("replaces the database with the backup, keeps the current one aside, and can be undone", async () => {
    const data = folder("restore");
    const database = path.join(data, "sagacity.db");
    const backups = path.join(data, "backups");
    const backup = path.join(data, "Sagacity backup.db");
    appDatabase(backup, ["naomi@example.org"]).close();
    appDatabase(database, ["naomi@example.org", "orpah@example.org"]).close();

    const { keptAside } = await replaceWithBackup(backup, database, backups, openSqlite);
    assert.deepEqual(emailsIn(database), ["naomi@example.org"]);
    assert.match(path.basename(keptAside!), /^sagacity-before-restore-.+\.db$/);
    assert.deepEqual(emailsIn(keptAside!), ["naomi@example.org", "orpah@example.org"]);
    assert.deepEqual(emailsIn(backup), ["naomi@example.org"], "the chosen file is left as it was");

    undoRestore(keptAside, database);
    assert.deepEqual(emailsIn(database), ["naomi@example.org", "orpah@example.org"]);

    fs.writeFileSync(path.join(data, "bad.db"), "nope");
    await assert.rejects(
      replaceWithBackup(path.join(data, "bad.db"), database, backups, openSqlite),
      NotOurBackupError,
    );
    assert.deepEqual(emailsIn(database), ["naomi@example.org", "orpah@example.org"], "nothing changed");
  });
});
