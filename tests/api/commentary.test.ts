import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

before(async () => {
  server = await startTestServer();
  ({ token } = await seedAccount(server.url));
});
after(() => server.close());

type Answer = {
  reference: string;
  source: string;
  sourceId: string;
  sections: Array<{ reference: string; text: string }>;
};

async function commentary(reference: string | null, source?: string) {
  const query =
    (reference === null ? "" : `?reference=${encodeURIComponent(reference)}`) +
    (source === undefined ? "" : `${reference === null ? "?" : "&"}source=${encodeURIComponent(source)}`);
  return api(server.url, `/api/commentary${query}`, { token });
}

describe("GET /api/commentary", () => {
  test("gives Matthew Henry's section that covers a verse", async () => {
    const answer = await commentary("John 3:16");
    assert.equal(answer.status, 200);
    const body = answer.body as Answer;
    assert.equal(body.reference, "John 3:16");
    assert.match(body.source, /Matthew Henry/);
    assert.equal(body.sourceId, "mhc");
    assert.deepEqual(
      body.sections.map((section) => section.reference),
      ["John 3:1-21"],
    );
    assert.match(body.sections[0]!.text, /Nicodemus/);
  });

  test("a passage spanning sections gets each of them, in order", async () => {
    const body = (await commentary("John 3:20-23")).body as Answer;
    assert.deepEqual(
      body.sections.map((section) => section.reference),
      ["John 3:1-21", "John 3:22-36"],
    );
  });

  test("reads the source's odd section references leniently", async () => {
    const joshua = (await commentary("Joshua 6:10")).body as Answer;
    assert.deepEqual(
      joshua.sections.map((section) => section.reference),
      ["Joshua 6:6-16"],
    );
    const romans = (await commentary("Romans 4:17")).body as Answer;
    assert.deepEqual(
      romans.sections.map((section) => section.reference),
      ["Romans 4:9-17", "Romans 4:17-22"],
    );
  });

  test("400 for a missing or unrecognized reference, or one not in the Bible", async () => {
    for (const reference of [null, "", "not a reference", "John 99:1"]) {
      const answer = await commentary(reference);
      assert.equal(answer.status, 400, `${reference} -> ${answer.status}`);
      assert.equal(typeof (answer.body as { error: string }).error, "string");
    }
  });

  test("404 when no section expounds the verse (Henry passes over the last verse of Genesis 36)", async () => {
    const answer = await commentary("Genesis 36:43");
    assert.equal(answer.status, 404);
    assert.match((answer.body as { error: string }).error, /Genesis 36:43/);
  });

  test("?source= names another commentary: Henry's Concise, Spurgeon's Treasury of David on the Psalms", async () => {
    const concise = (await commentary("Romans 12:1", "mhcc")).body as Answer;
    assert.equal(concise.sourceId, "mhcc");
    assert.match(concise.source, /Concise Commentary/);
    assert.deepEqual(
      concise.sections.map((section) => section.reference),
      ["Romans 12:1-2"],
    );
    const spurgeon = (await commentary("Psalm 23:1", "tdavid")).body as Answer;
    assert.match(spurgeon.source, /Spurgeon, The Treasury of David/);
    assert.deepEqual(
      spurgeon.sections.map((section) => section.reference),
      ["Psalm 23:1"],
    );
    const none = await commentary("John 3:16", "tdavid");
    assert.equal(none.status, 404);
    assert.match((none.body as { error: string }).error, /Spurgeon has no commentary on John 3:16/);
    const unknown = await commentary("John 3:16", "calvin");
    assert.equal(unknown.status, 400);
    assert.match((unknown.body as { error: string }).error, /source must be one of mhc, mhcc, tdavid/);
  });

  test("a one-chapter book alone is the whole book", async () => {
    const answer = await commentary("Philemon");
    assert.equal(answer.status, 200);
    assert.equal((answer.body as Answer).reference, "Philemon");
  });

  test("needs a session", async () => {
    const answer = await api(server.url, "/api/commentary?reference=John%203:16");
    assert.equal(answer.status, 401);
  });
});
