import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { seedAccount, startServerProcess, startTestServer, type TestServer } from "../support/server";

/** Signs in through the /login page (remix-auth's form strategy) and returns its Set-Cookie lines. */
async function signInThroughPage(url: string, email: string, password: string) {
  const answer = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  assert.equal(answer.status, 302);
  const cookies = answer.headers.getSetCookie();
  const value = (name: string) =>
    cookies
      .find((line) => line.startsWith(`${name}=`))!
      .split(";")[0]!
      .slice(name.length + 1);
  return { session: value("sb_session"), toast: value("sb_toast") };
}

/** Changes one character of a signed value's signature (the part after the last dot). */
function tamper(value: string) {
  const decoded = decodeURIComponent(value);
  const last = decoded.at(-1) === "A" ? "B" : "A";
  return encodeURIComponent(decoded.slice(0, -1) + last);
}

describe("signed cookies", () => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof seedAccount>>;
  before(async () => {
    server = await startTestServer();
    account = await seedAccount(server.url);
  });
  after(() => server.close());

  test("the session cookie is signed, and an altered one is ignored", async () => {
    const { session } = await signInThroughPage(server.url, account.email, account.password);
    assert.match(decodeURIComponent(session), /\./, "value.signature");
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: `sb_session=${session}` } });
    assert.equal(me.status, 200);
    const altered = await fetch(`${server.url}/api/me`, { headers: { cookie: `sb_session=${tamper(session)}` } });
    assert.equal(altered.status, 401);
    const page = await fetch(`${server.url}/today`, {
      redirect: "manual",
      headers: { cookie: `sb_session=${tamper(session)}` },
    });
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), "/login");
  });

  test("the toast cookie is shown when its signature holds and ignored when altered", async () => {
    const { session, toast } = await signInThroughPage(server.url, account.email, account.password);
    const shown = await (
      await fetch(`${server.url}/`, { headers: { cookie: `sb_session=${session}; sb_toast=${toast}` } })
    ).text();
    assert.match(shown, /Welcome back!/);
    const forged = await (
      await fetch(`${server.url}/`, { headers: { cookie: `sb_session=${session}; sb_toast=${tamper(toast)}` } })
    ).text();
    assert.doesNotMatch(forged, /Welcome back!/);
    // An unsigned toast (the old format) is not shown either.
    const unsigned = Buffer.from(JSON.stringify({ id: "x", title: "Forged notice" })).toString("base64url");
    const old = await (
      await fetch(`${server.url}/`, { headers: { cookie: `sb_session=${session}; sb_toast=${unsigned}` } })
    ).text();
    assert.doesNotMatch(old, /Forged notice/);
  });
});

describe("page actions read forms only", () => {
  let server: TestServer;
  let session: string;
  before(async () => {
    server = await startTestServer();
    const account = await seedAccount(server.url);
    ({ session } = await signInThroughPage(server.url, account.email, account.password));
  });
  after(() => server.close());

  const pages = [
    "/login",
    "/register",
    "/lesson-plans",
    "/lesson-plans/generate",
    "/library",
    "/profile",
    "/bible-plans",
    "/today",
    "/add-content",
    "/admin",
    "/resources/onboarding",
    "/resources/time-zone",
  ];

  test("a JSON or text body to a page's action is 415 with a JSON error, never a 500", async () => {
    for (const pathname of pages) {
      for (const [type, body] of [
        ["application/json", JSON.stringify({ intent: "x", topic: "hope" })],
        ["text/plain", "intent=x"],
        [undefined, "topic=hope"],
      ] as const) {
        const answer = await fetch(`${server.url}${pathname}`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: `sb_session=${session}`, ...(type ? { "content-type": type } : {}) },
          body: type ? body : Buffer.from(body),
        });
        assert.equal(answer.status, 415, `${pathname} ${type ?? "no content type"}`);
        assert.match((await answer.json()).error, /form/);
      }
    }
  });

  test("a bodiless POST is an empty form: the action answers it, without a 500", async () => {
    for (const pathname of pages) {
      const answer = await fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: `sb_session=${session}` },
      });
      assert.ok(answer.status < 500, `${pathname}: ${answer.status}`);
      await answer.body?.cancel();
    }
  });
});

test("expired sessions are purged at start", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-purge-"));
  const databasePath = path.join(folder, "purge.db");
  try {
    let server = await startTestServer({}, { databasePath });
    await seedAccount(server.url);
    await seedAccount(server.url);
    await server.close();
    const db = new Database(databasePath);
    db.prepare("update sessions set expires_at = 0 where rowid = (select min(rowid) from sessions)").run();
    assert.equal((db.prepare("select count(*) as n from sessions").get() as { n: number }).n, 2);
    db.close();

    server = await startTestServer({}, { databasePath });
    await server.close();
    const reopened = new Database(databasePath, { readonly: true });
    assert.equal(
      (reopened.prepare("select count(*) as n from sessions").get() as { n: number }).n,
      1,
      "only the live session is left",
    );
    reopened.close();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

describe("server processes", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-web-"));
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  test("LOG_REQUESTS=true logs one line per request: method, path without query, status, ms; no cookie", async () => {
    let output = "";
    const { child, url } = await startServerProcess(path.join(folder, "log.db"), {
      env: { LOG_REQUESTS: "true" },
      onOutput: (text) => (output += text),
    });
    try {
      await (
        await fetch(`${url}/api/me?search=secret-words`, { headers: { cookie: "sb_session=cookie-value-here" } })
      ).text();
      await (await fetch(`${url}/healthz`)).text();
      // The log is written after the answer: waited for, line by line, not for a set time.
      for (let wait = 0; wait < 300 && !/GET \/healthz/.test(output); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const lines = output.split("\n").filter(Boolean);
      // Under WORKERS>1 each line starts with the serving worker: "[worker 1234] ".
      assert.ok(
        lines.some((line) => /^(\[worker \d+\] )?GET \/api\/me 401 \d+(\.\d+)?ms$/.test(line)),
        output,
      );
      assert.ok(
        lines.some((line) => /^(\[worker \d+\] )?GET \/healthz 200 \d+(\.\d+)?ms$/.test(line)),
        output,
      );
      assert.doesNotMatch(output, /secret-words|cookie-value-here/);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });

  test("without LOG_REQUESTS nothing is logged per request", async () => {
    let output = "";
    const { child, url } = await startServerProcess(path.join(folder, "quiet.db"), {
      onOutput: (text) => (output += text),
    });
    try {
      await (await fetch(`${url}/healthz`)).text();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.doesNotMatch(output, /GET \/healthz/);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });

  test("NODE_ENV=development serves in Remix's development mode", async () => {
    let output = "";
    const { child, url } = await startServerProcess(path.join(folder, "dev.db"), {
      env: { NODE_ENV: "development" },
      onOutput: (text) => (output += text),
    });
    try {
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      const login = await fetch(`${url}/login`);
      assert.equal(login.status, 200);
      assert.match(await login.text(), /Sign in/i);
      const account = await seedAccount(url);
      assert.equal(
        (await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${account.token}` } })).status,
        200,
      );
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    assert.doesNotMatch(output, /Error/);
  });
});
