import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { strToU8, zipSync } from "fflate";
import { authors, libraryItems, studies, users } from "#db/schema";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { ConflictError } from "~/utils/errors";
import { packPlan, planImport, readArchive, writeImport } from "./import.server";

let db: Db;

before(async () => {
  db = openDatabase(":memory:");
  await migrateDatabase(db);
});
after(() => closeDatabase());

const limits = { maxZipBytes: 1 << 20, maxJsonBytes: 16 << 20, maxItems: 50 };

function addUser() {
  return db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.org`, passwordHash: "x" })
    .returning({ id: users.id })
    .get().id;
}

/** A file with `count` authors, library items and lesson plans (long texts: several batches each). */
function archive(count: number, prefix: string) {
  const createdAt = new Date(Date.now() - 86_400_000).toISOString();
  const text = "Grace upon grace. ".repeat(2000);
  const data = {
    format: "sagacity-bites-export",
    version: 1,
    exportedAt: createdAt,
    account: { id: "x", email: "x@example.org", createdAt },
    authors: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}a${index}`,
      name: `${prefix} ${index}`,
      createdAt,
    })),
    libraryItems: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}i${index}`,
      authorId: `${prefix}a${index}`,
      title: "Quote",
      transcript: text,
      contentType: "quote",
      createdAt,
    })),
    studies: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}s${index}`,
      title: "Lesson",
      content: text,
      studyType: "topic",
      createdAt,
    })),
  };
  return readArchive(zipSync({ "data.json": strToU8(JSON.stringify(data)) }), limits);
}

const own = (userId: string) => [authors, libraryItems, studies].map((table) => countOwn(table, userId));

function countOwn(table: typeof authors | typeof libraryItems | typeof studies, userId: string) {
  return db
    .select({ userId: table.userId })
    .from(table)
    .all()
    .filter((row) => row.userId === userId).length;
}

test("a plan is written whole, and writing it again adds nothing", async () => {
  const userId = addUser();
  const plan = planImport(db, userId, archive(30, "w"), { now: new Date(), maxItems: limits.maxItems });
  const summary = await writeImport(userId, packPlan(plan));
  assert.equal(summary.added.libraryItems, 30);
  assert.deepEqual(own(userId), [30, 30, 30]);
  const again = planImport(db, userId, archive(30, "w"), { now: new Date(), maxItems: limits.maxItems });
  assert.deepEqual([again.authors.length, again.libraryItems.length, again.studies.length], [0, 0, 0]);
});

test("rows added after the plan was made count against the cap: the import is undone whole", async () => {
  const userId = addUser();
  const plan = planImport(db, userId, archive(40, "c"), { now: new Date(), maxItems: limits.maxItems });
  // The account fills up meanwhile (another tab), so the lesson plans, written after the authors
  // and items, no longer fit.
  for (let index = 0; index < 20; index++) {
    db.insert(studies).values({ userId, title: "Meanwhile", content: "## C", studyType: "topic" }).run();
  }
  await assert.rejects(
    writeImport(userId, packPlan(plan)),
    (error) => error instanceof ConflictError && /limit of 50 lesson plans/.test(error.message),
  );
  assert.deepEqual(own(userId), [0, 0, 20], "the authors and items written first were removed");
});

test("a batch that fails in the database (an id taken meanwhile) undoes the batches before it", async () => {
  const userId = addUser();
  const plan = planImport(db, userId, archive(30, "t"), { now: new Date(), maxItems: limits.maxItems });
  const taker = addUser();
  db.insert(studies).values({ id: "ts29", userId: taker, title: "Theirs", content: "## C", studyType: "topic" }).run();
  await assert.rejects(
    writeImport(userId, packPlan(plan)),
    (error) => error instanceof ConflictError && /undone/.test(error.message),
  );
  assert.deepEqual(own(userId), [0, 0, 0]);
  assert.equal(countOwn(studies, taker), 1, "the other account's row is untouched");
});
