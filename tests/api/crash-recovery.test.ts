import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import Database from "better-sqlite3";
import { api, startServerProcess } from "../support/server";

/** The server's processes: the one started, and its cluster workers (Linux lists them in /proc). */
function processTree(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
}

for (const workers of ["1", "2"]) {
  test(`kill -9 in the middle of writes loses no acknowledged write, and the server restarts cleanly (WORKERS=${workers})`, async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-crash-"));
    const databasePath = path.join(folder, "crash.db");
    const env = { WORKERS: workers };
    const first = await startServerProcess(databasePath, { env });

    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let index = 0; !stop; index++) {
        const email = `crash-${worker}-${index}@example.com`;
        try {
          const answer = await api(first.url, "/api/auth/register", {
            method: "POST",
            body: { email, password: "crash-password" },
          });
          if (answer.status === 201) acknowledged.push(email);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Killed in the middle of writing, once a few have been acknowledged (however loaded the machine).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (let waited = 0; acknowledged.length < 5 && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Every process at once, as a power cut would: the workers get no chance to finish either.
    const tree = processTree(first.child.pid!);
    assert.equal(tree.length, workers === "1" ? 1 : 3, `the primary and ${workers} workers: ${tree.join(", ")}`);
    for (const pid of tree) process.kill(pid, "SIGKILL");
    stop = true;
    await Promise.all(writers);
    assert.ok(acknowledged.length >= 5, `some writes were acknowledged (${acknowledged.length})`);

    const second = await startServerProcess(databasePath, { env });
    try {
      const health = await api(second.url, "/healthz");
      assert.deepEqual(health.body, { status: "ok" });
      const db = new Database(databasePath, { readonly: true });
      const stored = new Set(
        (db.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email),
      );
      assert.equal(db.pragma("integrity_check", { simple: true }), "ok");
      db.close();
      const lost = acknowledged.filter((email) => !stored.has(email));
      assert.deepEqual(lost, [], "every acknowledged registration survived");
      const login = await api(second.url, "/api/auth/login", {
        method: "POST",
        body: { email: acknowledged.at(-1), password: "crash-password" },
      });
      assert.equal(login.status, 200);
    } finally {
      second.child.kill("SIGTERM");
      await new Promise((resolve) => second.child.once("exit", resolve));
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
}

test("SIGTERM lets the server finish and exit cleanly", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-term-"));
  const { child, url } = await startServerProcess(path.join(folder, "term.db"));
  // A sign-up whose body is still arriving when the signal comes: its headers and half its body
  // are sent first, and a later request on another connection answered shows the server has read
  // them (a latch, not a pause), so the request is surely in flight when SIGTERM arrives.
  const body = JSON.stringify({ email: "term@example.com", password: "term-password" });
  const half = Math.floor(body.length / 2);
  let sendTheRest!: () => void;
  const signalSent = new Promise<void>((resolve) => (sendTheRest = resolve));
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = http.request(new URL("/api/auth/register", url), {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    outgoing.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, text }));
    });
    outgoing.on("error", reject);
    outgoing.flushHeaders();
    outgoing.write(body.slice(0, half));
    void signalSent.then(() => outgoing.end(body.slice(half)));
  });
  assert.equal((await api(url, "/healthz")).status, 200);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  sendTheRest();
  const [{ status, text }, code] = await Promise.all([answer, exited]);
  assert.equal(status, 201, `the request in flight was answered: ${text}`);
  assert.equal(code, 0);
  fs.rmSync(folder, { recursive: true, force: true });
});
