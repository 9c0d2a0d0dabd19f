import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import Database from "better-sqlite3";
import { sabbathArticle, sabbathSummary } from "../fixtures/articles";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

/** Processing through an OpenAI-compatible provider (the real SDK against a local fake). */
let server: TestServer;
let site: FakeSite;
let fake: FakeOpenAi;
let token: string;

before(async () => {
  site = await startFakeSite();
  fake = await startFakeOpenAi();
  server = await startTestServer({
    ALLOW_PRIVATE_URLS: "true",
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_TIMEOUT_MS: "2000",
  });
  token = (await seedAccount(server.url)).token;
});
after(async () => {
  await server.close();
  await site.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function count() {
  const db = new Database(server.databasePath, { readonly: true });
  const { total } = db.prepare("select count(*) as total from sermons").get() as { total: number };
  db.close();
  return total;
}

describe("process-url with the OpenAI provider", () => {
  test("the article text goes to the model and its answer is saved with provider and model", async () => {
    fake.enqueue({ json: sabbathSummary });
    const answer = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token,
      body: { url: `${site.url}/articles/sabbath` },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.content.learningBites.length, 3);
    const request = fake.requests[0]!;
    assert.equal(request.model, "gpt-4o");
    assert.match(request.messages[1]!.content, new RegExp(`Title: ${sabbathArticle.title}`));
    assert.match(request.messages[1]!.content, /Most of us do not struggle to work hard/);
    assert.doesNotMatch(request.messages[1]!.content, /Save 40% on study Bibles|Great post!/);
    const db = new Database(server.databasePath, { readonly: true });
    const row = db
      .prepare("select ai_provider, ai_model from sermons where id = ?")
      .get(answer.body.content.id) as Record<string, string>;
    db.close();
    assert.deepEqual(row, { ai_provider: "openai", ai_model: "gpt-4o" });
  });

  test("a failing model answers success false and saves nothing", async () => {
    const before = count();
    fake.enqueue({ status: 500 }, { status: 500 });
    const answer = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token,
      body: { url: `${site.url}/articles/sabbath` },
    });
    assert.equal(answer.body.success, false);
    assert.match(answer.body.error, /AI provider failed/);
    assert.ok(answer.status >= 400 && answer.status !== 500);
    assert.equal(count(), before);
  });

  test("an unusable answer (too few bites) saves nothing", async () => {
    const before = count();
    const bad = { json: { summary: "S", learningBites: ["One."] } };
    fake.enqueue(bad, bad);
    const answer = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token,
      body: { url: `${site.url}/articles/prayer` },
    });
    assert.equal(answer.body.success, false);
    assert.match(answer.body.error, /could not use/);
    assert.equal(count(), before);
  });
});
