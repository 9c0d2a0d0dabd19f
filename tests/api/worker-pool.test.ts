import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { probeMeUntil } from "../support/isolation";
import { api, seedAccount, startServerProcess, startTestServer, type TestServer } from "../support/server";

/**
 * Page extraction and the built-in AI run in a pool of worker threads with a time limit and a
 * bounded queue: a heavy page neither stalls other requests nor saves anything, and too much
 * work at once is refused with 503 + Retry-After.
 */
let server: TestServer;
let site: FakeSite;
let token: string;

// Two workers, one waiting task at most, and a 0.8 s limit: an ordinary article takes well under
// 100 ms to extract or summarize; an 850,000-word page (4.7 MB, inside the 5 MB fetch limit) takes
// about 1.8 s to extract on the development machine, so it runs out even on one twice as fast.
const HEAVY_PAGE = "/articles/generated?words=850000";

before(async () => {
  site = await startFakeSite();
  server = await startTestServer({
    ALLOW_PRIVATE_URLS: "true",
    WORKER_THREADS: "2",
    WORKER_QUEUE_MAX: "1",
    WORKER_TASK_TIMEOUT_MS: "800",
  });
  token = (await seedAccount(server.url)).token;
});
after(async () => {
  await server?.close();
  await site?.close();
});

function processUrl(path: string, auth = token) {
  return api(server.url, "/api/sermons/process-url", { method: "POST", token: auth, body: { url: site.url + path } });
}

async function sermonCount(auth = token) {
  const answer = await api(server.url, "/api/sermons", { token: auth });
  assert.equal(answer.status, 200);
  return (answer.body.sermons ?? answer.body).length as number;
}

describe("the worker pool", () => {
  test("a page past the time limit is a 422, saves nothing, and the next page works", async (t) => {
    const started = Date.now();
    const answer = await processUrl(HEAVY_PAGE);
    assert.equal(answer.status, 422, JSON.stringify(answer.body));
    assert.equal(answer.body.success, false);
    assert.match(answer.body.error, /took too long to process/);
    t.diagnostic(`the heavy page was refused after ${Date.now() - started} ms (fetch, then the 800 ms limit)`);
    assert.equal(await sermonCount(), 0);

    // The worker that ran it was replaced: the next pages are processed as usual.
    const next = await processUrl("/articles/sabbath");
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(next.body.success, true);
    const again = await processUrl("/articles/prayer");
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(await sermonCount(), 2);
  });

  test("other requests keep answering while heavy pages are processed", async (t) => {
    const other = await seedAccount(server.url);
    const heavy = Promise.all([processUrl(HEAVY_PAGE), processUrl(HEAVY_PAGE)]);
    // Sampled for as long as the pages are being processed; every answer must be a 200. How fast
    // they came is logged here and held to its target by `npm run bench isolation`.
    const me = await probeMeUntil(server.url, other.token, heavy);
    for (const answer of await heavy) assert.equal(answer.status, 422);
    t.diagnostic(
      `another user's GET /api/me meanwhile: p50 ${me.p50} ms, p95 ${me.p95} ms, slowest ${me.max} ms over ${me.n} requests`,
    );
  });

  test("a full queue is refused with 503 and Retry-After, and nothing is saved for it", async (t) => {
    // Its own server with a long limit, so the heavy pages surely still hold both workers (for
    // their whole extraction, about 1.8 s) when the lessons arrive, however long the fetch took.
    // (A process of its own: one process holds one server. One process, whatever WORKERS says:
    // the pool and its queue are per process, and this counts one pool's places.)
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-pool-"));
    const busyProcess = await startServerProcess(path.join(folder, "pool.db"), {
      env: {
        WORKERS: "1",
        ALLOW_PRIVATE_URLS: "true",
        WORKER_THREADS: "2",
        WORKER_QUEUE_MAX: "1",
        WORKER_TASK_TIMEOUT_MS: "20000",
      },
    });
    t.after(async () => {
      busyProcess.child.kill("SIGTERM");
      await new Promise((resolve) => busyProcess.child.once("exit", resolve));
      fs.rmSync(folder, { recursive: true, force: true });
    });
    const server = { url: busyProcess.url };
    const accounts = await Promise.all([seedAccount(server.url), seedAccount(server.url), seedAccount(server.url)]);
    const heavyFetches = () => site.requests.filter((request) => request === HEAVY_PAGE).length;
    const fetchedBefore = heavyFetches();
    const heavy = [accounts[0]!, accounts[1]!].map((account) =>
      api(server.url, "/api/sermons/process-url", {
        method: "POST",
        token: account.token,
        body: { url: site.url + HEAVY_PAGE },
      }),
    );
    // Both pages fetched (a latch, however busy the machine), then a moment for their extraction to
    // reach the workers: it holds them far longer (about 1.8 s, more on a busy machine).
    while (heavyFetches() < fetchedBefore + 2) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    const lessons = await Promise.all(
      accounts.flatMap((account) =>
        ["grace", "hope"].map((topic) =>
          api(server.url, "/api/studies/topic", { method: "POST", token: account.token, body: { topic } }),
        ),
      ),
    );
    await Promise.all(heavy);
    const busy = lessons.filter((answer) => answer.status === 503);
    const created = lessons.filter((answer) => answer.status === 201);
    // One lesson may wait for a worker; every other one is refused at once.
    assert.ok(created.length <= 1, `statuses ${lessons.map((answer) => answer.status).join(", ")}`);
    assert.equal(
      busy.length + created.length,
      lessons.length,
      `statuses ${lessons.map((answer) => answer.status).join(", ")}`,
    );
    for (const answer of busy) {
      assert.match(answer.body.error, /busy/);
      assert.ok(Number(answer.headers.get("retry-after")) > 0);
    }
    let saved = 0;
    for (const account of accounts) {
      const studies = await api(server.url, "/api/studies", { token: account.token });
      saved += (studies.body.studies ?? studies.body).length;
    }
    assert.equal(saved, created.length);

    // Once the workers are free, lessons are written again.
    const later = await api(server.url, "/api/studies/topic", {
      method: "POST",
      token: accounts[0]!.token,
      body: { topic: "faith" },
    });
    assert.equal(later.status, 201, JSON.stringify(later.body));
  });
});
