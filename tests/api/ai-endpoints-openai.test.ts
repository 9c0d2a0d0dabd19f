import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sabbathSummary } from "../fixtures/articles";
import { hopeLesson } from "../fixtures/lessons";
import { startFakeOpenAi, type ChatRequest, type FakeMode, type FakeOpenAi } from "../support/fake-openai";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { api, seedAccount, startTestServer, streamStudy, type TestServer } from "../support/server";

/**
 * Every AI feature against every kind of endpoint the fake imitates (see fake-openai.ts), through
 * the built server and the real SDK. Each mode gets its own model name, as an admin would set it,
 * so what the app learns about one endpoint and model never carries over to the next.
 */
let server: TestServer;
let fake: FakeOpenAi;
let site: FakeSite;
let admin: Awaited<ReturnType<typeof seedAccount>>;

const passageLesson = {
  ...hopeLesson,
  title: "The Lord Is My Shepherd",
  keyScriptures: [{ reference: "Psalm 23:1", insight: "The Lord provides." }],
  outline: [
    { heading: "The shepherd provides", verses: "Psalm 23:1-3", summary: "Rest and guidance." },
    { heading: "The host welcomes", verses: "Psalm 23:4-6", summary: "Comfort and a table." },
  ],
  keyWords: [{ word: "shepherd", meaning: "One who guides and guards the flock." }],
};

/** The model: answers whatever the app asked for, whichever way the request was made. */
function modelAnswer(request: ChatRequest) {
  const user = request.messages.find((message) => message.role === "user")!.content;
  const level = /Write the (.+?) devotional/.exec(user)?.[1];
  if (level)
    return {
      json: { content: `## Romans 1: ${level}\n\nThe gospel is the power of God for salvation (Romans 1:16).` },
    };
  if (user.startsWith("Title:")) return { json: sabbathSummary };
  if (/lesson plan on the topic/.test(user)) return { json: hopeLesson, chunkDelayMs: 2 };
  return { json: passageLesson, chunkDelayMs: 2 };
}

before(async () => {
  site = await startFakeSite();
  fake = await startFakeOpenAi();
  fake.fallback = modelAnswer;
  delete process.env.OPENAI_MODEL;
  server = await startTestServer({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_PROVIDER: "openai",
    AI_TIMEOUT_MS: "3000",
    ALLOW_PRIVATE_URLS: "true",
  });
  admin = await seedAccount(server.url);
  await api(server.url, "/api/plans/user-plans", {
    method: "POST",
    token: admin.token,
    body: { planId: "romans-16-days" },
  });
});
after(async () => {
  await server.close();
  await fake.close();
  await site.close();
});

async function useMode(mode: FakeMode) {
  fake.mode = mode;
  fake.reset();
  const changed = await api(server.url, "/api/admin/settings", {
    method: "PATCH",
    token: admin.token,
    body: { model: `${mode}-model` },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
}

async function generateStream() {
  return (await streamStudy(server.url, admin.token, { studyType: "topic", topic: "Hope" })).events;
}

/** The response_format types the endpoint answered 200 to, and those it refused. */
function formats() {
  const type = (request: ChatRequest) => request.response_format?.type ?? "none";
  const accepted = new Set<string>();
  const refused = new Set<string>();
  fake.requests.forEach((request, index) => (fake.statuses[index] === 200 ? accepted : refused).add(type(request)));
  return { accepted: [...accepted].sort(), refused: [...refused].sort() };
}

const expected: Record<Exclude<FakeMode, "refuse">, { accepted: string[]; refused: string[] }> = {
  openai: { accepted: ["json_schema"], refused: [] },
  ollama: { accepted: ["json_schema"], refused: [] },
  llamacpp: { accepted: ["json_schema"], refused: [] },
  "llamacpp-old": { accepted: ["json_object"], refused: ["json_schema"] },
  lmstudio: { accepted: ["json_schema"], refused: [] },
  plain: { accepted: ["none"], refused: ["json_object", "json_schema"] },
  fenced: { accepted: ["json_schema"], refused: [] },
  overlong: { accepted: ["json_schema"], refused: [] },
};

describe("every AI feature against every kind of endpoint", () => {
  for (const [mode, formatsUsed] of Object.entries(expected) as Array<
    [Exclude<FakeMode, "refuse">, { accepted: string[]; refused: string[] }]
  >) {
    test(mode, async () => {
      await useMode(mode);

      const topic = await api(server.url, "/api/studies/topic", {
        method: "POST",
        body: { topic: "Hope" },
        token: admin.token,
      });
      assert.equal(topic.status, 201, JSON.stringify(topic.body));
      assert.equal(topic.body.aiModel, `${mode}-model`);
      assert.match(topic.body.title, /^Hope That Holds/);
      assert.ok(topic.body.title.length <= 120);
      assert.match(topic.body.content, /### \(Romans 5:3-5\)\n\n> /, "the verse is quoted from the shipped Bible");

      const passage = await api(server.url, "/api/studies/passage", {
        method: "POST",
        body: { reference: "Psalm 23" },
        token: admin.token,
      });
      assert.equal(passage.status, 201, JSON.stringify(passage.body));
      assert.match(passage.body.content, /## Outline\n\n1\. \*\*The shepherd provides/);
      const keyWords = /## Key Words\n\n([\s\S]*?)(\n## |$)/.exec(passage.body.content)![1]!;
      const words = [...keyWords.matchAll(/^- \*\*(.+?)\*\*/gm)].map((match) => match[1]!);
      assert.ok(words.length >= 1 && words.length <= 8, words.join(", "));
      assert.ok(
        words.every((word) => word.length <= 60),
        words.join(", "),
      );

      const events = await generateStream();
      assert.equal(events.at(-1).type, "study", JSON.stringify(events.at(-1)));
      assert.ok(
        events.some((event) => event.type === "partial"),
        "the text streamed",
      );
      assert.match(events.at(-1).study.content, /\(Hebrews 6:19\)/);

      const today = await api(server.url, "/api/plans/user-plans/today", { token: admin.token });
      assert.equal(today.status, 200);
      assert.deepEqual(today.body.devotionErrors, []);
      assert.deepEqual(
        today.body.devotions.map((devotion: { level: string; content: string }) => [
          devotion.level,
          /\(Romans 1:16\)/.test(devotion.content),
        ]),
        [
          ["beginner", true],
          ["intermediate", true],
          ["deep", true],
        ],
      );

      const summary = await api(server.url, "/api/sermons/process-url", {
        method: "POST",
        token: admin.token,
        body: { url: `${site.url}/articles/generated?words=${300 + mode.length}&mode=${mode}` },
      });
      assert.equal(summary.status, 200, JSON.stringify(summary.body));
      const bites: string[] = summary.body.content.learningBites;
      assert.ok(bites.length >= 3 && bites.length <= 7, `${bites.length} bites`);
      assert.ok(bites.every((bite) => bite.length <= 500));

      assert.deepEqual(formats(), formatsUsed);
      if (mode === "overlong") {
        assert.ok(topic.body.title.endsWith("…"), "the over-long title is cut and marked");
        assert.ok(
          fake.statuses.every((status) => status === 200) && fake.requests.length === 7,
          "nothing was asked twice",
        );
      }
    });
  }

  test("refuse: an endpoint that refuses everything gives clear errors and saves nothing", async () => {
    await useMode("refuse");
    const before = (await api(server.url, "/api/studies", { token: admin.token })).body.length;
    const topic = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "Hope" },
      token: admin.token,
    });
    assert.equal(topic.status, 502);
    assert.match(topic.body.error, /refused the request \(HTTP 404\)/);
    const events = await generateStream();
    assert.equal(events.at(-1).type, "error");
    assert.equal((await api(server.url, "/api/studies", { token: admin.token })).body.length, before);
    const today = await api(server.url, "/api/plans/user-plans/today", { token: admin.token });
    assert.equal(today.status, 200);
    assert.equal(today.body.devotionErrors.length, 3);
    const summary = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token: admin.token,
      body: { url: `${site.url}/articles/sabbath` },
    });
    assert.equal(summary.body.success, false);
    assert.ok(summary.status >= 400 && summary.status !== 500, String(summary.status));
  });
});
