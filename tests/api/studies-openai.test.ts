import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { hopeLesson } from "../fixtures/lessons";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { api, seedAccount, startTestServer, streamStudy, type TestServer } from "../support/server";

let server: TestServer;
let fake: FakeOpenAi;
let account: Awaited<ReturnType<typeof seedAccount>>;

before(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_TIMEOUT_MS: "1500",
    AI_PROVIDER: "openai",
  });
  account = await seedAccount(server.url);
});
after(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

describe("studies with an OpenAI-compatible provider", () => {
  test("a generated study stores the provider and the model", async () => {
    fake.enqueue({ json: hopeLesson });
    const answer = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "Hope" },
      token: account.token,
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.title, "Hope That Holds");
    assert.equal(answer.body.aiProvider, "openai");
    assert.equal(answer.body.aiModel, "gpt-4o");
    assert.match(answer.body.content, /### \(Romans 5:3-5\)\n\n> /);
  });

  test("a failed generation is a clear error and saves nothing", async () => {
    const before = (await api(server.url, "/api/studies", { token: account.token })).body.length;
    fake.enqueue({ status: 500 }, { status: 500 });
    const failed = await api(server.url, "/api/studies/passage", {
      method: "POST",
      body: { reference: "Psalm 23" },
      token: account.token,
    });
    assert.equal(failed.status, 502);
    assert.match(failed.body.error, /AI provider failed/);
    fake.enqueue({ status: 429 });
    const busy = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "Hope" },
      token: account.token,
    });
    assert.equal(busy.status, 503);
    assert.match(busy.body.error, /busy/);
    fake.enqueue({ content: "not json" }, { content: "still not json" });
    const garbled = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "Hope" },
      token: account.token,
    });
    assert.equal(garbled.status, 502);
    assert.equal((await api(server.url, "/api/studies", { token: account.token })).body.length, before);
  });

  test("the page's stream carries the text as it arrives, then the study", async () => {
    fake.enqueue({
      json: { ...hopeLesson, overview: `${"Hope is an anchor. ".repeat(60)}(Hebrews 6:19)` },
      chunkDelayMs: 15,
    });
    const { events } = await streamStudy(server.url, account.token, { studyType: "topic", topic: "Hope" });
    const partials = events.filter((event) => event.type === "partial");
    assert.ok(partials.length >= 2, `the text arrived in several parts (${partials.length})`);
    assert.ok(partials.some((event) => /^(Hope is an anchor\. ){3}/.test(event.markdown)));
    assert.equal(events.at(-1).type, "study");
    assert.equal(events.at(-1).study.aiProvider, "openai");
  });

  test("a stream that fails ends with an error event and saves nothing", async () => {
    const before = (await api(server.url, "/api/studies", { token: account.token })).body.length;
    fake.enqueue({ hang: true });
    const { events } = await streamStudy(server.url, account.token, { studyType: "topic", topic: "Hope" });
    assert.deepEqual(events.at(-1), {
      type: "error",
      error: "The AI provider took too long to answer. Please try again.",
      status: 504,
    });
    assert.equal((await api(server.url, "/api/studies", { token: account.token })).body.length, before);
  });
});
