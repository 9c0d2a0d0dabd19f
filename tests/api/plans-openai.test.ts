import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: fake.baseUrl, AI_TIMEOUT_MS: "3000" });
});
after(async () => {
  await server.close();
  await fake.close();
});

test("with OpenAI configured, devotionals come from the model, are cached, and failures save nothing", async () => {
  const { token } = await seedAccount(server.url);
  await api(server.url, "/api/plans/user-plans", { method: "POST", token, body: { planId: "romans-16-days" } });

  // The model fails for the Beginner devotional (both tries) until it recovers.
  let beginnerFails = true;
  fake.fallback = (request) => {
    const user = request.messages.find((message) => message.role === "user")!.content;
    const level = /Write the (.+?) devotional/.exec(user)![1];
    if (level === "Beginner" && beginnerFails) return { status: 500 };
    return {
      json: { content: `## Romans 1: ${level}\n\nThe gospel is the power of God for salvation (Romans 1:16).` },
    };
  };

  const first = await api(server.url, "/api/plans/user-plans/today", { token });
  assert.equal(first.status, 200, "a failed devotional does not fail Today");
  assert.equal(first.body.passages[0].reference, "Romans 1");
  assert.equal(first.body.devotions.length + first.body.devotionErrors.length, 3);
  assert.deepEqual(
    first.body.devotionErrors.map((failure: { level: string }) => failure.level),
    ["beginner"],
  );
  assert.match(first.body.devotionErrors[0].error, /AI provider failed \(HTTP 500\)/);

  const db = new Database(server.databasePath, { readonly: true });
  const count = () => (db.prepare("select count(*) as count from devotionals").get() as { count: number }).count;
  assert.equal(count(), 2, "nothing is saved for the failed level");
  beginnerFails = false;

  const second = await api(server.url, "/api/plans/user-plans/today", { token });
  assert.deepEqual(second.body.devotionErrors, []);
  for (const devotion of second.body.devotions)
    assert.deepEqual(
      devotion.writer,
      { aiProvider: "openai", aiModel: "gpt-4o" },
      "a cached devotional names its model",
    );
  assert.deepEqual(
    second.body.devotions.map((devotion: { level: string; content: string }) => [
      devotion.level,
      devotion.content.split("\n")[0],
    ]),
    [
      ["beginner", "## Romans 1: Beginner"],
      ["intermediate", "## Romans 1: Intermediate"],
      ["deep", "## Romans 1: Deep Study"],
    ],
  );
  const calls = fake.requests.length;
  await api(server.url, "/api/plans/user-plans/today", { token });
  assert.equal(fake.requests.length, calls, "cached: no more model calls");
  const rows = db.prepare("select distinct ai_provider, ai_model from devotionals").all();
  db.close();
  assert.deepEqual(rows, [{ ai_provider: "openai", ai_model: "gpt-4o" }]);
});
