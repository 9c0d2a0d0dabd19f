/**
 * Shutting down while a devotional is still being written. Today's page answers after 1.5 s and
 * leaves the writing running; the server used to close the database under it, so the text the
 * model returned was lost and the log said "The database connection is not open". Now close()
 * waits for that work (within its grace) and the devotional is stored. The model is the real
 * `openai` SDK talking to a fake on 127.0.0.1 that answers only when the test opens a latch.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let fake: FakeOpenAi;
const logged: string[] = [];
const consoleError = console.error;
// A folder of the test's own: the database is read after the server has closed.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-shutdown-"));

before(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer(
    { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: fake.baseUrl, AI_TIMEOUT_MS: "60000" },
    { databasePath: path.join(folder, "shutdown.db") },
  );
  console.error = (...parts: unknown[]) => {
    logged.push(parts.map(String).join(" "));
    consoleError(...parts);
  };
});
after(async () => {
  console.error = consoleError;
  await fake.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("a devotional still being written when the server shuts down is stored, and nothing fails", async () => {
  const { token } = await seedAccount(server.url);
  const started = await api(server.url, "/api/plans/user-plans", {
    method: "POST",
    token,
    body: { planId: "romans-16-days" },
  });
  assert.equal(started.status, 201);

  let open!: () => void;
  const latch = new Promise<void>((resolve) => (open = resolve));
  fake.fallback = (request) => {
    const user = request.messages.find((message) => message.role === "user")!.content;
    const level = /Write the (.+?) devotional/.exec(user)![1];
    return { json: { content: `## Romans 1: ${level}\n\nThe gospel is the power of God (Romans 1:16).` }, gate: latch };
  };

  // The page stops waiting for the devotionals and answers without them.
  const page = await fetch(`${server.url}/today`, { headers: { cookie: `sb_session=${token}` } });
  assert.equal(page.status, 200);
  await page.text();
  assert.ok(fake.requests.length > 0, "the devotionals are being written");

  // Shutting down first, the model answering after: what the page left running still ends well.
  const closed = server.close();
  // The server has stopped taking requests before the model answers.
  while (
    await fetch(`${server.url}/healthz`).then(
      () => true,
      () => false,
    )
  );
  open();
  await closed;

  const db = new Database(server.databasePath, { readonly: true });
  const stored = db.prepare("select level from devotionals order by level").all() as Array<{ level: string }>;
  db.close();
  assert.deepEqual(
    stored.map((row) => row.level),
    ["beginner", "deep", "intermediate"],
  );
  assert.deepEqual(
    logged.filter((line) => /not open|could not be written|unfinished/i.test(line)),
    [],
  );
});
