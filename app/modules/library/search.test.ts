import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { libraryItems, users } from "#db/schema";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { countLibraryItems, listLibraryItems } from "./items.server";

let db: Db;
let userId: string;

before(async () => {
  db = openDatabase(":memory:");
  await migrateDatabase(db);
  userId = db.insert(users).values({ email: "reader@example.com", passwordHash: "x" }).returning().get().id;
  const other = db.insert(users).values({ email: "other@example.com", passwordHash: "x" }).returning().get().id;
  const item = (owner: string, title: string, contentType: "book" | "quote" | "blog", extra = {}) =>
    db
      .insert(libraryItems)
      .values({ userId: owner, title, transcript: "text", contentType, ...extra })
      .run();
  item(userId, "Mere Christianity", "book", { authorName: "C. S. Lewis" });
  item(userId, "On grace", "quote", { aiSummary: "Grace is 100% a gift" });
  item(userId, "Prayer that works", "blog", { sourceTitle: "Desiring God" });
  item(other, "Grace abounding", "book");
});
after(() => closeDatabase());

const titles = (filter: Parameters<typeof listLibraryItems>[1]["filter"]) =>
  listLibraryItems(userId, { limit: 10, filter })
    .items.map((item) => item.title)
    .sort();

test("search finds words in the title, summary, author or source, only in the reader's own library", () => {
  assert.deepEqual(titles({ query: "grace" }), ["On grace"]);
  assert.deepEqual(titles({ query: "lewis" }), ["Mere Christianity"]);
  assert.deepEqual(titles({ query: "desiring" }), ["Prayer that works"]);
  assert.equal(countLibraryItems(userId, { query: "grace" }), 1);
});

test("the type filter, alone or with words; LIKE wildcards in the words are plain characters", () => {
  assert.deepEqual(titles({ contentType: "book" }), ["Mere Christianity"]);
  assert.deepEqual(titles({ contentType: "book", query: "grace" }), []);
  assert.deepEqual(titles({ query: "100%" }), ["On grace"]);
  assert.deepEqual(titles({ query: "%" }), ["On grace"]);
  assert.deepEqual(titles({ query: "_" }), []);
  assert.equal(countLibraryItems(userId), 3);
});
