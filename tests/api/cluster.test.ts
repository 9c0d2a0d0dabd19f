/**
 * `npm start` with WORKERS=2: two worker processes behind one port, one database. Every check
 * below fires requests that the primary hands out round-robin, and the request log (which names
 * the serving worker's pid) shows that both workers took part.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { eventually, request, startClusterProcess, type ClusterProcess } from "../support/cluster";
import { hopeLesson as lesson } from "../fixtures/lessons";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { registerAccount, uniqueEmail } from "../support/server";

// The model is slow, so requests to both workers overlap while it writes.
const MODEL_DELAY_MS = 1200;

let folder: string;
let databasePath: string;
let fake: FakeOpenAi;
let cluster: ClusterProcess;

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-cluster-"));
  databasePath = path.join(folder, "cluster.db");
  fake = await startFakeOpenAi();
  fake.fallback = (request) => {
    const user = request.messages.find((message) => message.role === "user")!.content;
    const level = /Write the (.+?) devotional/.exec(user)?.[1];
    if (level)
      return {
        json: { content: `## Romans 1: ${level}\n\nThe gospel is the power of God (Romans 1:16).` },
        delayMs: MODEL_DELAY_MS,
      };
    return { json: lesson, delayMs: MODEL_DELAY_MS };
  };
  cluster = await startClusterProcess(databasePath, {
    env: {
      AI_PROVIDER: "openai",
      OPENAI_API_KEY: "test-key",
      OPENAI_BASE_URL: fake.baseUrl,
      AI_TIMEOUT_MS: "10000",
      LOGIN_MAX_FAILURES_PER_EMAIL: "5",
    },
  });
});

after(async () => {
  await cluster.stop("SIGKILL");
  await fake.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Waits for the request log to show `count` lines matching `pattern`, then the pids that served them. */
async function servedBy(pattern: RegExp, count: number) {
  await eventually(
    () => cluster.served().filter((entry) => pattern.test(entry.line)).length >= count,
    `${count} log lines matching ${pattern}`,
  );
  return cluster.pidsServing(pattern);
}

describe("WORKERS=2", () => {
  test("requests are spread over two worker processes", async () => {
    for (let index = 0; index < 6; index++) assert.equal((await request(cluster.url, "/healthz")).status, 200);
    const pids = await servedBy(/^GET \/healthz 200/, 6);
    assert.equal(pids.size, 2, `two workers answered: ${[...pids].join(", ")}`);
    assert.ok(!pids.has(cluster.child.pid!), "the primary serves nothing");
  });

  test("the login limit holds across processes", async () => {
    const account = await registerAccount(cluster.url, uniqueEmail("cluster-login"));
    const login = (password: string) =>
      request(cluster.url, "/api/auth/login", { method: "POST", body: { email: account.email, password } });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) statuses.push((await login("wrong password")).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401]);
    // Round-robin: the five failures were counted in both workers, and both now refuse.
    assert.equal((await login("wrong password")).status, 429);
    assert.equal((await login(account.password)).status, 429, "held even with the right password");
    assert.equal((await servedBy(/^POST \/api\/auth\/login 401/, 5)).size, 2);
    assert.equal((await servedBy(/^POST \/api\/auth\/login 429/, 2)).size, 2);
  });

  test("a day completed by concurrent requests to both workers is stored once", async () => {
    const { token } = await registerAccount(cluster.url, uniqueEmail("cluster-day"));
    assert.equal(
      (
        await request(cluster.url, "/api/plans/user-plans", {
          method: "POST",
          token,
          body: { planId: "romans-16-days" },
        })
      ).status,
      201,
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(cluster.url, "/api/plans/user-plans/complete", { method: "POST", token, body: { dayNumber: 1 } }),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(8).fill(200),
      JSON.stringify(answers.map((answer) => answer.body)),
    );
    assert.equal(
      answers.filter((answer) => !answer.body.alreadyCompleted).length,
      1,
      "one request completed it, the others found it done",
    );
    assert.equal(
      new Set(answers.map((answer) => answer.body.completedAt)).size,
      1,
      "every answer gives the one stored time",
    );
    assert.ok(answers.every((answer) => answer.body.streak === 1));
    assert.equal((await servedBy(/^POST \/api\/plans\/user-plans\/complete 200/, 8)).size, 2);
    const db = new Database(databasePath, { readonly: true });
    const rows = db.prepare("select count(*) as count from user_plan_progress where day_number = 1").get() as {
      count: number;
    };
    db.close();
    assert.equal(rows.count, 1);
  });

  test("each devotional is generated once, however many workers ask for it at the same time", async () => {
    const readers = await Promise.all(
      [0, 1, 2, 3].map(() => registerAccount(cluster.url, uniqueEmail("cluster-devotional"))),
    );
    for (const { token } of readers)
      await request(cluster.url, "/api/plans/user-plans", {
        method: "POST",
        token,
        body: { planId: "romans-16-days" },
      });
    const before = fake.requests.length;
    const todays = await Promise.all(
      readers.map(({ token }) => request(cluster.url, "/api/plans/user-plans/today", { token })),
    );
    for (const today of todays) {
      assert.equal(today.status, 200);
      assert.deepEqual(today.body.devotionErrors, []);
      assert.equal(today.body.devotions.length, 3);
    }
    assert.equal((await servedBy(/^GET \/api\/plans\/user-plans\/today 200/, 4)).size, 2, "both workers were asked");
    const devotionalCalls = fake.requests
      .slice(before)
      .filter((request) => JSON.stringify(request.messages).includes("devotional")).length;
    assert.equal(devotionalCalls, 3, "one model call per level across both workers");
    const contents = new Set(todays.map((today) => JSON.stringify(today.body.devotions)));
    assert.equal(contents.size, 1, "every reader got the same stored devotionals");
  });

  test("the per-user generation limit holds across processes", async () => {
    const { token } = await registerAccount(cluster.url, uniqueEmail("cluster-studies"));
    // Four at once, two per worker: a per-process count would let all four through.
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        request(cluster.url, "/api/studies/topic", { method: "POST", token, body: { topic: "Hope" } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [201, 201, 429, 429], JSON.stringify(answers.map((answer) => answer.body)));
    assert.equal((await servedBy(/^POST \/api\/studies\/topic (201|429)/, 4)).size, 2);
    // The slots are free again once those finished.
    assert.equal(
      (await request(cluster.url, "/api/studies/topic", { method: "POST", token, body: { topic: "Hope" } })).status,
      201,
    );
  });

  test("a worker killed with SIGKILL is replaced and the server keeps answering", async () => {
    const before = cluster.served().length;
    for (let index = 0; index < 4; index++) await request(cluster.url, "/healthz");
    await eventually(() => cluster.served().length >= before + 4, "the log lines");
    const victim = cluster.served().at(-1)!.pid;
    process.kill(victim, "SIGKILL");
    // Once the primary has seen it die, every connection goes to a live worker: the survivor at
    // once, and the replacement when it is listening.
    await eventually(
      () => cluster.errors().includes(`Worker ${victim} exited unexpectedly`),
      "the primary to see the exit",
    );
    await eventually(async () => {
      assert.equal((await request(cluster.url, "/healthz")).status, 200);
      return cluster.pidsServing(/^GET \/healthz 200/).size >= 3;
    }, "a replacement worker to serve");
    assert.match(
      cluster.errors(),
      new RegExp(`Worker ${victim} exited unexpectedly \\(signal SIGKILL\\); starting a replacement`),
    );
    const recent = new Set(
      cluster
        .served()
        .slice(-4)
        .map((entry) => entry.pid),
    );
    assert.ok(!recent.has(victim));
  });

  test("SIGTERM drains both workers: requests in flight are answered, then the primary exits 0", async () => {
    const { token } = await registerAccount(cluster.url, uniqueEmail("cluster-drain"));
    // Two slow generations, one in each worker (round-robin).
    const inFlight = [0, 1].map(() =>
      request(cluster.url, "/api/studies/topic", { method: "POST", token, body: { topic: "Hope" } }),
    );
    await new Promise((resolve) => setTimeout(resolve, MODEL_DELAY_MS / 3));
    const code = cluster.stop("SIGTERM");
    const answers = await Promise.all(inFlight);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [201, 201],
    );
    assert.equal(await code, 0);
    await assert.rejects(request(cluster.url, "/healthz"), "nothing listens any more");
  });
});
