import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { closeDatabase, defaultMigrationsFolder, migrateDatabase, openDatabase } from "~/db.server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "groups-migration-"));
after(() => {
  closeDatabase();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before 0005 (the groups). */
function migrationsBefore0005() {
  const older = path.join(folder, "migrations");
  fs.cpSync(defaultMigrationsFolder(), older, { recursive: true });
  const journalPath = path.join(older, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 5);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return older;
}

test("a database from before the groups migrates, and its accounts can lead groups that outlive them", async () => {
  const databasePath = path.join(folder, "old.db");
  const db = openDatabase(databasePath);
  await migrateDatabase(db, { migrationsFolder: migrationsBefore0005(), databasePath });
  const sqlite = db.$client;
  sqlite.prepare("insert into users (id, email, password_hash) values ('lead', 'lead@example.com', 'x')").run();
  sqlite.prepare("insert into users (id, email, password_hash) values ('member', 'member@example.com', 'x')").run();
  const before = sqlite.prepare("select count(*) as n from sqlite_master where name = 'groups'").get() as { n: number };
  assert.equal(before.n, 0);

  await migrateDatabase(db, { databasePath });
  sqlite.prepare("insert into groups (id, name, invite_code) values ('g', 'Group', 'CODE')").run();
  sqlite
    .prepare(
      "insert into group_members (group_id, user_id, role, joined_at) values ('g', 'lead', 'leader', 1), ('g', 'member', 'member', 2)",
    )
    .run();
  assert.throws(
    () => sqlite.prepare("update group_members set role = 'leader' where user_id = 'member'").run(),
    /UNIQUE/,
    "one leader per group",
  );
  sqlite.prepare("delete from users where id = 'lead'").run();
  assert.deepEqual(sqlite.prepare("select user_id, role from group_members").all(), [
    { user_id: "member", role: "leader" },
  ]);
  sqlite.prepare("delete from users where id = 'member'").run();
  assert.equal((sqlite.prepare("select count(*) as n from groups").get() as { n: number }).n, 0);
});
