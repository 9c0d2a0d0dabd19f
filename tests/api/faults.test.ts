/**
 * Faults: the AI provider slow, failing or down, and a processed page that never answers. Each
 * degrades to a clear error with the right status and saves nothing, and while such calls hang the
 * rest of the app keeps answering (its latency is logged here and held to a target by `npm run bench`
 * isolation). The real `openai` SDK talks over HTTP to a fake on 127.0.0.1.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import Database from "better-sqlite3";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { measureOtherRequests, startHangingSite } from "../support/isolation";
import { api, seedAccount, startTestServer, streamStudy, type TestServer } from "../support/server";

const AI_TIMEOUT_MS = 3000;
const FETCH_TIMEOUT_MS = 3000;

let server: TestServer;
let fake: FakeOpenAi;
let site: Awaited<ReturnType<typeof startHangingSite>>;
let users: Array<Awaited<ReturnType<typeof seedAccount>>>;
let reader: Awaited<ReturnType<typeof seedAccount>>;

before(async () => {
  fake = await startFakeOpenAi();
  site = await startHangingSite();
  server = await startTestServer({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
    ALLOW_PRIVATE_URLS: "true",
    CONTENT_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
  });
  users = [];
  for (let index = 0; index < 3; index++) users.push(await seedAccount(server.url));
  reader = await seedAccount(server.url);
  for (const user of users) {
    const started = await api(server.url, "/api/plans/user-plans", {
      method: "POST",
      token: user.token,
      body: { planId: "romans-16-days" },
    });
    assert.equal(started.status, 201);
  }
});
after(async () => {
  await server.close();
  await fake.close();
  await site.close();
});
beforeEach(() => fake.reset());

function counts() {
  const db = new Database(server.databasePath, { readonly: true });
  const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const result = { studies: count("studies"), sermons: count("sermons"), devotionals: count("devotionals") };
  db.close();
  return result;
}

const noStackTrace = (body: unknown) => assert.doesNotMatch(JSON.stringify(body), /\\n\s+at |node:internal|\.ts:\d+/);

describe("a slow AI provider and a page that never answers", () => {
  test("end in clear timeouts (504, 408) that save nothing, while the rest of the app keeps answering", async (t) => {
    const baseline = await measureOtherRequests(server.url, reader.token, 800);
    const before = counts();
    // Every model call hangs: lessons, summaries and devotionals alike.
    fake.fallback = () => ({ hang: true });
    const started = performance.now();
    const inFlight = [
      // Two generations for one user (its limit), one for another.
      api(server.url, "/api/studies/topic", { method: "POST", token: users[0]!.token, body: { topic: "Patience" } }),
      api(server.url, "/api/studies/passage", {
        method: "POST",
        token: users[0]!.token,
        body: { reference: "Psalm 23" },
      }),
      api(server.url, "/api/studies/topic", { method: "POST", token: users[1]!.token, body: { topic: "Hope" } }),
      // A page that never answers, and a page whose summary never comes.
      api(server.url, "/api/sermons/process-url", {
        method: "POST",
        token: users[1]!.token,
        body: { url: `${site.url}/never` },
      }),
      api(server.url, "/api/sermons/process-url", {
        method: "POST",
        token: users[2]!.token,
        body: { url: `${site.url}/never?again` },
      }),
      api(server.url, "/api/sermons/process-url", {
        method: "POST",
        token: users[2]!.token,
        body: { url: `${site.url}/article` },
      }),
      // Today, whose devotionals are being written.
      api(server.url, "/api/plans/user-plans/today", { token: users[0]!.token }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 150));
    const during = await measureOtherRequests(
      server.url,
      reader.token,
      Math.min(AI_TIMEOUT_MS, FETCH_TIMEOUT_MS) - 600,
    );
    const measuredInFlight = performance.now() - started < Math.min(AI_TIMEOUT_MS, FETCH_TIMEOUT_MS);
    const [topic, passage, other, never, neverAgain, article, today] = await Promise.all(inFlight);
    const elapsed = performance.now() - started;
    t.diagnostic(`baseline: /api/me ${JSON.stringify(baseline.me)}, pages ${JSON.stringify(baseline.pages)}`);
    t.diagnostic(
      `during 7 slow calls${measuredInFlight ? "" : " (the last samples after some ended)"}: /api/me ${JSON.stringify(during.me)}, pages ${JSON.stringify(during.pages)}`,
    );
    t.diagnostic(
      `the slow calls ended after ${Math.round(elapsed)} ms (timeouts ${AI_TIMEOUT_MS} ms for the AI, ${FETCH_TIMEOUT_MS} ms for the page)`,
    );

    for (const answer of [topic!, passage!, other!]) {
      assert.equal(answer.status, 504, JSON.stringify(answer.body));
      assert.equal(answer.body.error, "The AI provider took too long to answer. Please try again.");
      noStackTrace(answer.body);
    }
    for (const answer of [never!, neverAgain!]) {
      assert.equal(answer.status, 408, JSON.stringify(answer.body));
      assert.equal(answer.body.success, false);
      assert.equal(
        answer.body.error,
        `The website took too long to answer (more than ${FETCH_TIMEOUT_MS / 1000} seconds).`,
      );
    }
    assert.equal(article!.status, 504, JSON.stringify(article!.body));
    assert.equal(article!.body.success, false);
    assert.match(article!.body.error, /took too long/);
    assert.equal(today!.status, 200, "Today still opens");
    assert.deepEqual(today!.body.devotions, []);
    assert.equal(today!.body.devotionErrors.length, 3);
    for (const failure of today!.body.devotionErrors) assert.match(failure.error, /took too long/);
    assert.ok(today!.body.passages.length > 0, "the passage is there without the devotionals");

    assert.deepEqual(counts(), before, "nothing half-done was saved");
  });
});

describe("a failing AI provider", () => {
  test("a 500 is retried once, then a 502; a 429 is a 503; nothing is saved", async () => {
    const before = counts();
    fake.fallback = () => ({ status: 500 });
    const failed = await api(server.url, "/api/studies/topic", {
      method: "POST",
      token: users[1]!.token,
      body: { topic: "Grace" },
    });
    assert.equal(failed.status, 502);
    assert.equal(failed.body.error, "The AI provider failed (HTTP 500). Please try again.");
    assert.equal(fake.requests.length, 2, "one retry");

    const summary = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token: users[1]!.token,
      body: { url: `${site.url}/article` },
    });
    assert.equal(summary.status, 502);
    assert.equal(summary.body.success, false);
    assert.match(summary.body.error, /AI provider failed \(HTTP 500\)/);

    fake.reset();
    fake.fallback = () => ({
      status: 429,
      body: { error: { message: "Rate limit reached", type: "rate_limit_error" } },
    });
    const busy = await api(server.url, "/api/studies/passage", {
      method: "POST",
      token: users[1]!.token,
      body: { reference: "John 1:1-5" },
    });
    assert.equal(busy.status, 503);
    assert.equal(busy.body.error, "The AI provider is busy right now (rate limited). Please try again in a minute.");
    assert.equal(fake.requests.length, 1, "a rate limit is not hammered with retries");
    const busySummary = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token: users[1]!.token,
      body: { url: `${site.url}/article` },
    });
    assert.equal(busySummary.status, 503);
    assert.equal(busySummary.body.success, false);

    const { events } = await streamStudy(server.url, users[1]!.token, { studyType: "topic", topic: "Grace" });
    assert.deepEqual(events.at(-1), {
      type: "error",
      error: "The AI provider is busy right now (rate limited). Please try again in a minute.",
      status: 503,
    });
    assert.deepEqual(counts(), before);
  });
});

describe("an AI provider that is down", () => {
  test("connection refused is a 502 'Could not reach the AI provider' everywhere, and nothing is saved", async (t) => {
    const before = counts();
    await fake.close(); // the port now refuses connections
    const started = performance.now();
    const study = await api(server.url, "/api/studies/topic", {
      method: "POST",
      token: users[2]!.token,
      body: { topic: "Joy" },
    });
    assert.equal(study.status, 502);
    assert.equal(study.body.error, "Could not reach the AI provider. Check the AI endpoint settings and try again.");
    // The message tells a refused connection from a timeout; how fast it came is only logged.
    t.diagnostic(
      `connection refused answered in ${Math.round(performance.now() - started)} ms (timeout ${AI_TIMEOUT_MS} ms)`,
    );

    const processed = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token: users[2]!.token,
      body: { url: `${site.url}/article` },
    });
    assert.equal(processed.status, 502);
    assert.equal(processed.body.success, false);
    assert.match(processed.body.error, /Could not reach the AI provider/);

    const today = await api(server.url, "/api/plans/user-plans/today", { token: users[2]!.token });
    assert.equal(today.status, 200);
    assert.equal(today.body.devotionErrors.length, 3);
    assert.match(today.body.devotionErrors[0].error, /Could not reach the AI provider/);

    const page = await fetch(`${server.url}/today`, { headers: { cookie: `sb_session=${users[2]!.token}` } });
    assert.equal(page.status, 200, "the Today page still opens");
    assert.match(await page.text(), /Could not reach the AI provider/);

    const me = await api(server.url, "/api/me", { token: users[2]!.token });
    assert.equal(me.status, 200);
    assert.deepEqual(counts(), before);
  });
});
