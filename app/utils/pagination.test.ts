import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { listLibraryItems } from "~/modules/library/items.server";
import { listLibrarySaves } from "~/modules/library/saves.server";
import { listStudies } from "~/modules/studies/studies.server";
import { ValidationError } from "./errors";
import { decodeCursor, encodeCursor, parsePageRequest } from "./pagination.server";

describe("cursors and ?limit=", () => {
  test("a cursor decodes to what was encoded", () => {
    const cursor = { createdAt: 1_767_225_600_123, rowid: 42 };
    assert.deepEqual(decodeCursor(encodeCursor(cursor)), cursor);
    assert.match(encodeCursor(cursor), /^[A-Za-z0-9_-]+$/);
  });

  test("anything we did not issue is a 400", () => {
    const b64 = (text: string) => Buffer.from(text).toString("base64url");
    for (const value of [
      "",
      "garbage!",
      "a".repeat(300),
      b64("[1]"),
      b64('{"createdAt":1,"rowid":2}'),
      b64("[1.5,2]"),
      b64("[-1,2]"),
      b64('["1",2]'),
      b64("[1,2,3]"),
    ]) {
      assert.throws(() => decodeCursor(value), ValidationError, value);
    }
  });

  test("limit is a whole number from 1 to 100, 50 when absent", () => {
    const page = (search: string) => parsePageRequest(new Request(`http://app.test/api/sermons${search}`));
    assert.equal(page("").limit, 50);
    assert.equal(page("?limit=1").limit, 1);
    assert.equal(page("?limit=100").limit, 100);
    for (const search of [
      "?limit=0",
      "?limit=-1",
      "?limit=101",
      "?limit=1000",
      "?limit=abc",
      "?limit=1.5",
      "?limit=",
      "?limit=1e2",
    ]) {
      assert.throws(() => page(search), ValidationError, search);
    }
  });
});

describe("the paged queries", () => {
  let db: Db;
  const plans: string[] = [];

  before(async () => {
    db = openDatabase(":memory:");
    await migrateDatabase(db);
    // Every statement the list functions prepare is recorded, then explained.
    const prepare = db.$client.prepare.bind(db.$client);
    db.$client.prepare = ((source: string) => {
      if (/^select/i.test(source) && !/explain/i.test(source)) {
        const parameters = (source.match(/\?/g) ?? []).map(() => 1);
        plans.push(
          prepare(`explain query plan ${source}`)
            .all(...parameters)
            .map((row) => (row as { detail: string }).detail)
            .join(" | "),
        );
      }
      return prepare(source);
    }) as typeof db.$client.prepare;
  });
  after(() => closeDatabase());

  const cursor = { createdAt: Date.now(), rowid: 10 };
  const cases = [
    {
      name: "listLibraryItems",
      index: "sermons_user_created_idx",
      run: (withCursor: boolean) =>
        listLibraryItems("u", { limit: 50, transcriptLimit: 501, ...(withCursor ? { cursor } : {}) }),
    },
    {
      name: "listLibrarySaves",
      index: "library_saves_user_created_idx",
      run: (withCursor: boolean) => listLibrarySaves("u", { limit: 50, ...(withCursor ? { cursor } : {}) }),
    },
    {
      name: "listStudies",
      index: "studies_user_created_idx",
      run: (withCursor: boolean) => listStudies("u", { limit: 50, ...(withCursor ? { cursor } : {}) }),
    },
  ];
  for (const { name, index, run } of cases) {
    test(`${name} walks its (user_id, created_at) index in order, from the cursor on, without sorting`, () => {
      plans.length = 0;
      run(false);
      run(true);
      assert.equal(plans.length, 2);
      assert.match(plans[0]!, new RegExp(`SEARCH \\w+ USING INDEX ${index} \\(user_id=\\?\\)`));
      assert.match(plans[1]!, new RegExp(`SEARCH \\w+ USING INDEX ${index} \\(user_id=\\? AND created_at<\\?\\)`));
      for (const plan of plans) assert.doesNotMatch(plan, /TEMP B-TREE/);
    });
  }
});
