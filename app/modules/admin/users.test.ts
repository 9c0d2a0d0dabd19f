import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { users } from "#db/schema";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { ConflictError, ValidationError } from "~/utils/errors";
import { deleteUser, listUsers, updateUser } from "./users.server";

let db: Db;

before(async () => {
  db = openDatabase(":memory:");
  await migrateDatabase(db);
});
after(() => closeDatabase());
beforeEach(() => {
  db.delete(users).run();
});

function addUser(email: string, { isAdmin = false, isActive = true } = {}) {
  return db.insert(users).values({ email, passwordHash: "x", isAdmin, isActive }).returning({ id: users.id }).get().id;
}

// Through the API the acting admin is always an active admin other than the target, so this rule
// is the last line of defence for callers such as scripts; it is checked here directly.
describe("the last active admin", () => {
  test("cannot be deactivated, demoted or deleted", () => {
    const onlyAdmin = addUser("only@example.com", { isAdmin: true });
    addUser("former@example.com", { isAdmin: true, isActive: false });
    const actor = "a-script";
    assert.throws(
      () => updateUser(actor, onlyAdmin, { isActive: false }),
      (error) => error instanceof ConflictError && /last active admin/.test(error.message),
    );
    assert.throws(() => updateUser(actor, onlyAdmin, { isAdmin: false }), ConflictError);
    assert.throws(() => deleteUser(actor, onlyAdmin), ConflictError);
    const row = listUsers({ limit: 100 }).items.find((user) => user.id === onlyAdmin)!;
    assert.equal(row.isAdmin, true);
    assert.equal(row.isActive, true);
  });

  test("can be changed once another active admin exists", () => {
    const first = addUser("first@example.com", { isAdmin: true });
    addUser("second@example.com", { isAdmin: true });
    assert.equal(updateUser("a-script", first, { isAdmin: false }).isAdmin, false);
  });

  test("an inactive admin is not protected", () => {
    addUser("active@example.com", { isAdmin: true });
    const inactive = addUser("inactive@example.com", { isAdmin: true, isActive: false });
    deleteUser("a-script", inactive);
    assert.equal(listUsers({ limit: 100 }).items.length, 1);
  });

  test("self-protection comes first, with its own message", () => {
    const me = addUser("me@example.com", { isAdmin: true });
    assert.throws(() => updateUser(me, me, { isActive: false }), ValidationError);
    assert.throws(() => deleteUser(me, me), ValidationError);
    // Turning something on for oneself is harmless.
    assert.equal(updateUser(me, me, { isActive: true }).isActive, true);
  });
});

describe("listUsers", () => {
  test("newest first, with zero stats for a new user", () => {
    addUser("older@example.com");
    const newer = db
      .insert(users)
      .values({ email: "newer@example.com", passwordHash: "x", createdAt: new Date(Date.now() + 1000) })
      .returning({ id: users.id })
      .get().id;
    const list = listUsers({ limit: 100 }).items;
    assert.equal(list[0]!.id, newer);
    assert.deepEqual(list[0]!.stats, { readingPlansStarted: 0, studiesCreated: 0 });
  });
});

describe("listUsers", () => {
  test("a search keeps the emails that contain it, whatever the case; wildcards are plain characters", () => {
    addUser("ruth.anne@example.com");
    addUser("boaz@example.org");
    addUser("ruth_b@example.com");
    const emails = (query: string) =>
      listUsers({ limit: 10, query })
        .items.map((user) => user.email)
        .sort();
    assert.deepEqual(emails("RUTH"), ["ruth.anne@example.com", "ruth_b@example.com"]);
    assert.deepEqual(emails(".org"), ["boaz@example.org"]);
    assert.deepEqual(emails("_"), ["ruth_b@example.com"]);
    assert.deepEqual(emails("%"), []);
    assert.equal(listUsers({ limit: 10, query: "  " }).items.length, 3);
  });
});
