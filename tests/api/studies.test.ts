import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import {
  api,
  postForm,
  readEvents,
  seedAccount,
  startTestServer,
  streamStudy,
  type TestServer,
} from "../support/server";

let server: TestServer;
let owner: Awaited<ReturnType<typeof seedAccount>>;
let stranger: Awaited<ReturnType<typeof seedAccount>>;

before(async () => {
  server = await startTestServer({ AI_PROVIDER: "builtin" });
  owner = await seedAccount(server.url);
  stranger = await seedAccount(server.url);
});
after(() => server.close());

function onboarding(userId: string) {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return db
      .prepare("select has_created_study, has_visited_library from user_onboarding where user_id = ?")
      .get(userId) as { has_created_study: number; has_visited_library: number } | undefined;
  } finally {
    db.close();
  }
}

function studyCount(userId: string) {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from studies where user_id = ?").get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("creating studies", () => {
  test("a signed-out caller gets a 401", async () => {
    assert.equal((await api(server.url, "/api/studies")).status, 401);
    assert.equal(
      (await api(server.url, "/api/studies/topic", { method: "POST", body: { topic: "Faith" } })).status,
      401,
    );
    assert.equal((await api(server.url, "/api/library")).status, 401);
  });

  test("empty, missing, over-long and malformed input is a 400 with a clear message", async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ["/api/studies/topic", { topic: "" }, /^Topic is required$/],
      ["/api/studies/topic", { topic: "   " }, /^Topic is required$/],
      ["/api/studies/topic", {}, /^Topic is required$/],
      ["/api/studies/topic", { topic: 42 }, /^Topic is required$/],
      ["/api/studies/topic", { topic: "x".repeat(121) }, /^Topic must be at most 120 characters$/],
      ["/api/studies/passage", { reference: "" }, /^Passage reference is required$/],
      ["/api/studies/passage", { reference: "John 3:16 ".repeat(20) }, /at most 100 characters/],
      ["/api/studies/passage", { reference: "Hezekiah 4:1" }, /"Hezekiah 4:1" is not a Bible reference we recognize/],
      ["/api/studies/passage", { reference: "John 30:1" }, /John 30:1 does not exist: John has 21 chapters/],
      ["/api/studies/passage", { reference: "Genesis 1-50" }, /at most 200 verses/],
    ];
    for (const [path, body, message] of cases) {
      const answer = await api(server.url, path, { method: "POST", body, token: owner.token });
      assert.equal(answer.status, 400, `${path} ${JSON.stringify(body)}`);
      assert.match(answer.body.error, message, JSON.stringify(body));
    }
    const malformed = await api(server.url, "/api/studies/topic", {
      method: "POST",
      rawBody: "{oops",
      token: owner.token,
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error, "Request body must be valid JSON");
    // A topic with no reviewed passages: an honest 422 offering the closest topics, never a lesson on a word.
    const unknown = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "zzqx vbnmq" },
      token: owner.token,
    });
    assert.equal(unknown.status, 422);
    assert.match(unknown.body.error, /no reviewed passages for “zzqx vbnmq”.*The closest we have/);
    assert.ok(unknown.body.suggestions.length > 0);
    assert.equal(studyCount(owner.id), 0, "nothing was saved");
    assert.equal(onboarding(owner.id)?.has_created_study ?? 0, 0);
  });

  test("a topic study is created, with the provider and model stored", async () => {
    const answer = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: "  Forgiveness " },
      token: owner.token,
    });
    assert.equal(answer.status, 201);
    const study = answer.body;
    assert.match(study.id, /^[0-9a-f-]{36}$/);
    assert.match(study.title, /^Forgiveness: /);
    assert.equal(study.studyType, "topic");
    assert.equal(study.input, "Forgiveness");
    assert.equal(study.translation, "BSB");
    assert.equal(study.aiProvider, "builtin");
    assert.equal(study.aiModel, "builtin");
    assert.match(study.content, /## Key Scriptures/);
    assert.ok(!Number.isNaN(Date.parse(study.createdAt)));
    assert.equal(onboarding(owner.id)?.has_created_study, 1, "the onboarding step is ticked");
  });

  test("a passage study is created from a reference in any common form", async () => {
    const answer = await api(server.url, "/api/studies/passage", {
      method: "POST",
      body: { reference: "Jn 3:16-21" },
      token: owner.token,
    });
    assert.equal(answer.status, 201);
    assert.equal(answer.body.studyType, "passage");
    assert.equal(answer.body.input, "John 3:16-21");
    assert.match(answer.body.title, /^John 3:16-21: /);
    assert.match(answer.body.content, /For God so loved the world/);
  });

  test("a one-chapter book alone, or with its chapter, is a passage lesson on the whole book", async () => {
    // Its own reader: the owner's list is counted below.
    const reader = await seedAccount(server.url);
    for (const reference of ["Philemon", "Philemon 1"]) {
      const answer = await api(server.url, "/api/studies/passage", {
        method: "POST",
        body: { reference },
        token: reader.token,
      });
      assert.equal(answer.status, 201, reference);
      assert.equal(answer.body.input, "Philemon");
      assert.match(answer.body.content, /Onesimus/, "the lesson reaches past the greeting");
    }
  });

  test("GET /api/studies lists only the caller's studies, newest first", async () => {
    await api(server.url, "/api/studies/topic", { method: "POST", body: { topic: "Prayer" }, token: stranger.token });
    const mine = await api(server.url, "/api/studies", { token: owner.token });
    assert.equal(mine.status, 200);
    assert.deepEqual(
      mine.body.map((study: { studyType: string }) => study.studyType),
      ["passage", "topic"],
    );
    const theirs = await api(server.url, "/api/studies", { token: stranger.token });
    assert.equal(theirs.body.length, 1);
    assert.match(theirs.body[0].title, /^Prayer/);
  });

  test("one study by id: the owner's is found, another user's answers 404", async () => {
    const [study] = (await api(server.url, "/api/studies", { token: owner.token })).body;
    assert.equal((await api(server.url, `/api/studies/${study.id}`, { token: owner.token })).body.id, study.id);
    const other = await api(server.url, `/api/studies/${study.id}`, { token: stranger.token });
    assert.equal(other.status, 404);
    assert.equal(other.body.error, "Study not found");
  });
});

describe("the streaming endpoints: the page's own route and the API's", () => {
  const pageGenerate = (form: Record<string, string>, token?: string) =>
    postForm(server.url, "/lesson-plans/generate", form, token);

  test("the Lesson Plans page's form streams from /lesson-plans/generate, the same events as the API", async () => {
    const response = await pageGenerate({ studyType: "topic", topic: "Hope" }, owner.token);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /ndjson/);
    const events = await readEvents(response);
    assert.equal(events[0].type, "progress");
    assert.match(events[0].message, /Finding key scriptures on "Hope"/);
    const last = events.at(-1);
    assert.equal(last.type, "study");
    assert.equal(last.study.studyType, "topic");
    const saved = await api(server.url, `/api/studies/${last.study.id}`, { token: owner.token });
    assert.equal(saved.body.title, last.study.title);
  });

  test("the page's route: bad input is a JSON 400 with its message; no session goes to /login", async () => {
    const blank = await pageGenerate({ studyType: "topic", topic: "  " }, owner.token);
    assert.equal(blank.status, 400);
    assert.deepEqual(await blank.json(), { error: "Topic is required" });
    const badChapter = await pageGenerate({ studyType: "passage", reference: "John 30:1" }, owner.token);
    assert.equal(badChapter.status, 400);
    assert.match((await badChapter.json()).error, /John has 21 chapters/);
    // A topic with no reviewed passages ends the stream with a 422 and the topics to offer instead.
    const events = await readEvents(await pageGenerate({ studyType: "topic", topic: "zzqx vbnmq" }, owner.token));
    const refusal = events.at(-1);
    assert.equal(refusal.type, "error");
    assert.equal(refusal.status, 422);
    assert.ok(refusal.suggestions.length > 0);
    const signedOut = await pageGenerate({ studyType: "topic", topic: "Grace" });
    assert.equal(signedOut.status, 302);
    assert.equal(signedOut.headers.get("location"), "/login");
  });

  test("streams progress, then the saved study", async () => {
    const { response, events } = await streamStudy(server.url, owner.token, {
      studyType: "passage",
      reference: "Psalm 23",
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /ndjson/);
    assert.equal(events[0].type, "progress");
    assert.match(events[0].message, /Reading Psalm 23/);
    const last = events.at(-1);
    assert.equal(last.type, "study");
    assert.equal(last.study.title.startsWith("Psalm 23: "), true);
  });

  test("bad input is a plain JSON 400 before any streaming", async () => {
    const answer = await api(server.url, "/api/studies/generate", {
      method: "POST",
      body: { studyType: "passage", reference: "John 30:1" },
      token: owner.token,
    });
    assert.equal(answer.status, 400);
    assert.match(answer.body.error, /John has 21 chapters/);
    const wrongType = await api(server.url, "/api/studies/generate", {
      method: "POST",
      body: { studyType: "poem", topic: "x" },
      token: owner.token,
    });
    assert.equal(wrongType.status, 400);
  });
});

describe("the library of saved studies", () => {
  test("save, list, save again, remove: a round trip", async () => {
    const [study] = (await api(server.url, "/api/studies", { token: owner.token })).body;
    assert.deepEqual((await api(server.url, "/api/library", { token: owner.token })).body, []);

    const saved = await api(server.url, `/api/library/save/${study.id}`, { method: "POST", token: owner.token });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.study.id, study.id);
    assert.equal(onboarding(owner.id)?.has_visited_library, 1, "saving ticks the library onboarding step");

    const again = await api(server.url, `/api/library/save/${study.id}`, { method: "POST", token: owner.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, saved.body.id, "saving twice is harmless");

    const library = await api(server.url, "/api/library", { token: owner.token });
    assert.equal(library.body.length, 1);
    const [entry] = library.body;
    assert.deepEqual(Object.keys(entry).sort(), ["createdAt", "id", "study"]);
    assert.deepEqual(Object.keys(entry.study).sort(), ["content", "id", "studyType", "title"]);
    assert.equal(entry.study.title, study.title);
    assert.equal(entry.study.content, study.content);

    const removed = await api(server.url, `/api/library/remove/${study.id}`, { method: "DELETE", token: owner.token });
    assert.equal(removed.status, 200);
    assert.deepEqual((await api(server.url, "/api/library", { token: owner.token })).body, []);
    assert.equal(
      (await api(server.url, `/api/library/remove/${study.id}`, { method: "DELETE", token: owner.token })).status,
      200,
    );
  });

  test("another user's study cannot be saved or removed (404), and unknown ids are 404", async () => {
    const [study] = (await api(server.url, "/api/studies", { token: owner.token })).body;
    for (const [path, method] of [
      [`/api/library/save/${study.id}`, "POST"],
      [`/api/library/remove/${study.id}`, "DELETE"],
      ["/api/library/save/not-a-study", "POST"],
    ] as const) {
      const answer = await api(server.url, path, { method, token: stranger.token });
      assert.equal(answer.status, 404, path);
      assert.equal(answer.body.error, "Study not found");
    }
    assert.deepEqual((await api(server.url, "/api/library", { token: stranger.token })).body, []);
  });

  test("wrong methods are 405", async () => {
    const [study] = (await api(server.url, "/api/studies", { token: owner.token })).body;
    assert.equal(
      (await api(server.url, `/api/library/save/${study.id}`, { method: "DELETE", token: owner.token })).status,
      405,
    );
    assert.equal(
      (await api(server.url, `/api/library/remove/${study.id}`, { method: "POST", token: owner.token })).status,
      405,
    );
    assert.equal((await api(server.url, "/api/studies/topic", { token: owner.token })).status, 405);
  });
});
