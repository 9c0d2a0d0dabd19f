/**
 * Issue 27: `npm start` with WORKERS=2. One account imports the largest file the default limits
 * accept (MAX_ITEMS_PER_USER library items, lesson plans, authors and books, data.json just under
 * IMPORT_MAX_JSON_BYTES) while others sign in and read /api/me on new connections, so both worker
 * processes serve them. Every answer is a 2xx or 4xx: no "database is locked" 500. Then the
 * export limit holds across the two processes. Answers are counted; nothing here is timed.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { strToU8, zipSync } from "fflate";
import { eventually, request, startClusterProcess, type ClusterProcess } from "../support/cluster";
import { exportData } from "../support/hostile-zips";
import { registerAccount } from "../support/server";

// The defaults (README): the file is as large as an import may be.
const MAX_ITEMS = 5000;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const EXPORTS_PER_HOUR = 2;

let folder: string;
let cluster: ClusterProcess;

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-import-cluster-"));
  cluster = await startClusterProcess(path.join(folder, "cluster.db"), {
    env: { EXPORTS_PER_HOUR: String(EXPORTS_PER_HOUR) },
  });
});

after(async () => {
  await cluster.stop("SIGKILL");
  fs.rmSync(folder, { recursive: true, force: true });
});

/** data.json at every cap, its texts sized so the whole is just under MAX_JSON_BYTES. */
function largestLegalZip() {
  const createdAt = new Date(Date.now() - 86_400_000).toISOString();
  const transcript = "Grace and peace to you from God our Father. ".repeat(180);
  const lesson = "## Hope\n\nHope that is seen is not hope. ".repeat(70);
  const data = exportData({
    authors: Array.from({ length: MAX_ITEMS }, (_, index) => ({
      id: `a-${index}`,
      name: `Teacher ${index}`,
      createdAt,
    })),
    books: Array.from({ length: MAX_ITEMS }, (_, index) => ({
      id: `b-${index}`,
      authorId: `a-${index}`,
      asin: "B00EXAMPLE",
      title: `Book ${index}`,
      amazonUrl: "https://example.org/book",
      createdAt,
    })),
    libraryItems: Array.from({ length: MAX_ITEMS }, (_, index) => ({
      id: `i-${index}`,
      authorId: `a-${index}`,
      bookId: `b-${index}`,
      title: `Excerpt ${index}`,
      transcript,
      contentType: "book",
      createdAt,
    })),
    studies: Array.from({ length: MAX_ITEMS }, (_, index) => ({
      id: `s-${index}`,
      title: `Lesson ${index}`,
      content: lesson,
      studyType: "topic",
      createdAt,
    })),
  });
  const json = strToU8(JSON.stringify(data, null, 2));
  assert.ok(json.length < MAX_JSON_BYTES && json.length > MAX_JSON_BYTES * 0.8, `data.json is ${json.length} bytes`);
  return zipSync({ "data.json": json }, { level: 1 });
}

test("while the largest legal file is imported, sign-ins and reads on both processes never get a 5xx", async (t) => {
  const zip = largestLegalZip();
  const importer = await registerAccount(cluster.url);
  const others = [await registerAccount(cluster.url), await registerAccount(cluster.url)];
  const logStart = cluster.served().length;

  let importing = true;
  const imported = fetch(`${cluster.url}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${importer.token}`, "content-type": "application/zip" },
    body: zip as Uint8Array<ArrayBuffer>,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
  void imported.finally(() => (importing = false));

  const statuses: number[] = [];
  let duringImport = 0;
  for (let index = 0; importing || index < 20; index++) {
    const other = others[index % 2]!;
    // Two sign-ins, then a read: new connections go to the processes in turn, so both sign people in.
    const answer =
      index % 3 !== 2
        ? await request(cluster.url, "/api/auth/login", {
            method: "POST",
            body: { email: other.email, password: other.password },
          })
        : await request(cluster.url, "/api/me", { token: other.token });
    statuses.push(answer.status);
    if (importing) duringImport += 1;
  }

  const result = await imported;
  t.diagnostic(`${statuses.length} answers, ${duringImport} of them while the import ran`);
  assert.equal(result.status, 200, JSON.stringify(result.body));
  assert.deepEqual(
    {
      libraryItems: result.body.added.libraryItems,
      studies: result.body.added.studies,
      authors: result.body.added.authors,
    },
    { libraryItems: MAX_ITEMS, studies: MAX_ITEMS, authors: MAX_ITEMS },
  );
  assert.deepEqual(
    statuses.filter((status) => status >= 500),
    [],
    `every answer a 2xx or 4xx (${statuses.length} answers)`,
  );
  assert.ok(statuses.every((status) => status === 200));
  assert.ok(duringImport >= 10, `${duringImport} requests were answered while the import ran`);

  // Sign-ins were answered by both processes while the import ran (the log names the serving pid).
  await eventually(
    () =>
      cluster
        .served()
        .slice(logStart)
        .filter((entry) => /^POST \/api\/import 200/.test(entry.line)).length === 1,
    "the import's log line",
  );
  const signIns = cluster
    .served()
    .slice(logStart)
    .filter((entry) => /^POST \/api\/auth\/login 200/.test(entry.line));
  assert.equal(new Set(signIns.map((entry) => entry.pid)).size, 2, "both processes signed people in");
  assert.doesNotMatch(cluster.errors(), /database is locked|SQLITE_BUSY/);
});

test("the export limit is counted across both processes", async () => {
  const account = await registerAccount(cluster.url);
  const logStart = cluster.served().length;
  const statuses: number[] = [];
  for (let index = 0; index < EXPORTS_PER_HOUR + 2; index++) {
    statuses.push((await request(cluster.url, "/api/export", { token: account.token })).status);
  }
  assert.deepEqual(statuses, [...Array(EXPORTS_PER_HOUR).fill(200), 429, 429]);
  await eventually(
    () =>
      cluster
        .served()
        .slice(logStart)
        .filter((entry) => /^GET \/api\/export/.test(entry.line)).length === statuses.length,
    "the exports' log lines",
  );
  const pids = new Set(
    cluster
      .served()
      .slice(logStart)
      .filter((entry) => /^GET \/api\/export/.test(entry.line))
      .map((entry) => entry.pid),
  );
  assert.equal(pids.size, 2, "both processes answered exports");
});
