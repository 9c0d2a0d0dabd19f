import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { insertAccount } from "./seed-account";

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** The database behind each server this process started, by its address: where seedAccount writes. */
const databases = new Map<string, string>();

export interface TestServer {
  url: string;
  port: number;
  databasePath: string;
  /** Opens the server's database beside it (foreign keys on, as the app's own connections), runs `use`, closes it. */
  withDb: <T>(use: (db: Database.Database) => T) => T;
  close: () => Promise<void>;
}

/**
 * Starts the real built server (build/server/index.js, the same bundle `npm start` runs) on a free
 * port (loopback unless `host` says otherwise) with a fresh temporary database. One per test
 * file, or one after another: each file runs in its own process, and the process holds one database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  { databasePath: givenPath, host = "127.0.0.1" }: { databasePath?: string; host?: string } = {},
): Promise<TestServer> {
  const folder = givenPath ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-test-"));
  const databasePath = givenPath ?? path.join(folder!, "test.db");
  // Test files sign up many accounts from 127.0.0.1; the sign-up limit has its own tests. Book
  // look-ups go to a closed loopback port unless a test runs a fake Open Library: never the internet.
  Object.assign(process.env, {
    NODE_ENV: "test",
    REGISTER_MAX_PER_IP: "100000",
    OPEN_LIBRARY_URL: "http://127.0.0.1:9",
    ...env,
  });
  const { startServer } = await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href);
  const server = await startServer({ port: 0, host, databasePath, quiet: true });
  databases.set(`http://127.0.0.1:${server.port}`, databasePath);
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    databasePath,
    withDb: (use) => {
      const db = new Database(databasePath);
      try {
        db.pragma("foreign_keys = ON");
        return use(db);
      } finally {
        db.close();
      }
    },
    close: async () => {
      await server.close();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface ServerProcessOptions {
  /** Added to this process's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  nodeArgs?: string[];
  /** What the server prints once it is ready (it is drained either way, so a full pipe never blocks it). */
  onOutput?: (text: string) => void;
  onErrorOutput?: (text: string) => void;
}

/**
 * Starts `node scripts/start.mjs` (exactly what `npm start` runs) in a process of its own on a free
 * loopback port, and resolves with its address once it says it is ready.
 */
export function startServerProcess(
  databasePath: string,
  { env = {}, nodeArgs = [], onOutput, onErrorOutput }: ServerProcessOptions = {},
): Promise<{ child: ChildProcess; url: string }> {
  // Callers sign up many accounts from 127.0.0.1 (the sign-up limit has its own tests). One
  // process unless WORKERS is set (`WORKERS=2 npm test` runs these servers as clusters).
  const childEnv: NodeJS.ProcessEnv = {
    REGISTER_MAX_PER_IP: "100000",
    OPEN_LIBRARY_URL: "http://127.0.0.1:9",
    WORKERS: "1",
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_PATH: databasePath,
    NODE_ENV: "production",
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, [...nodeArgs, path.join(projectRoot, "scripts/start.mjs")], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const collect = (chunk: Buffer) => (output += chunk);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      child.stdout!.off("data", onData);
      child.stderr!.off("data", collect);
      child.stdout!.on("data", (more: Buffer) => onOutput?.(String(more)));
      child.stderr!.on("data", (more: Buffer) => onErrorOutput?.(String(more)));
      databases.set(new URL(match[1]!).origin, databasePath);
      resolve({ child, url: match[1]! });
    };
    child.stdout!.on("data", onData);
    // Before it is ready, what it printed explains a failed start (a build may print warnings first).
    child.stderr!.on("data", collect);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
}

// The tests read an answer's fields and assert them, so an untyped answer is \`any\`, not \`unknown\`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiAnswer's default
export async function api<T = any>(
  baseUrl: string,
  pathname: string,
  {
    method = "GET",
    body,
    token,
    headers = {},
    rawBody,
  }: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<ApiAnswer<T>> {
  const send = () =>
    fetch(baseUrl + pathname, {
      method,
      redirect: "manual",
      headers: {
        ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // A kept-alive connection the server closed as idle while this process was blocked (a
    // spawnSync of `npm run admin` on a busy machine outlasts the 5 s keep-alive): the request
    // never reached it, so it is sent again once, on a new connection.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
    response = await send();
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

let counter = 0;

export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Registers an account through the API and returns its credentials and bearer token. */
export async function registerAccount(baseUrl: string, email = uniqueEmail(), password = "correct horse") {
  const answer = await api(baseUrl, "/api/auth/register", { method: "POST", body: { email, password } });
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    email,
    password,
    token: answer.body.token as string,
    id: answer.body.user.id as string,
    isAdmin: answer.body.user.isAdmin as boolean,
  };
}

/**
 * An account as registerAccount makes one, written straight into the database of a server this
 * process started, without the sign-up's argon2 hash (tests/support/seed-account.ts). For tests
 * that need accounts; tests about signing up use registerAccount.
 */
/** Whether this process started the server at `baseUrl` (and so knows its database). */
export function startedHere(baseUrl: string) {
  return databases.has(new URL(baseUrl).origin);
}

export async function seedAccount(baseUrl: string, email = uniqueEmail(), password = "correct horse") {
  const databasePath = databases.get(new URL(baseUrl).origin);
  if (!databasePath) throw new Error(`seedAccount: ${baseUrl} is not a server this process started`);
  return { email, password, ...(await insertAccount(databasePath, email, password)) };
}

/**
 * A form post as the app's own pages send it without JavaScript: same origin, urlencoded, with
 * the session cookie when a token is given. Redirects are not followed, so a test sees them.
 */
export function postForm(
  baseUrl: string,
  pathname: string,
  form: Record<string, string> | Array<[string, string]>,
  token?: string,
) {
  return fetch(baseUrl + pathname, {
    method: "POST",
    headers: {
      ...(token ? { cookie: `sb_session=${token}` } : {}),
      origin: new URL(baseUrl).origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** The events of a streamed answer (NDJSON: one JSON object a line), read to its end. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the events' fields, as ApiAnswer's body
export async function readEvents(response: Response): Promise<any[]> {
  return (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** POST /api/studies/generate as an API client (a bearer token): the answer and its streamed events. */
export async function streamStudy(baseUrl: string, token: string, body: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/studies/generate`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { response, events: await readEvents(response) };
}

/** POST /api/plans/user-plans: starts (or resumes) a reading plan, by id or slug, for the account. */
export function startPlan(
  baseUrl: string,
  token: string,
  planId: string,
  options: { translation?: string; timeZone?: string } = {},
) {
  return api(baseUrl, "/api/plans/user-plans", { method: "POST", token, body: { planId, ...options } });
}

/** Sends each refused body and asserts its 400 and error message: a schema's refusals, one case a row. */
export async function assertRefusals(
  baseUrl: string,
  pathname: string,
  request: { method: string; token?: string },
  cases: Array<[body: unknown, message: RegExp]>,
) {
  for (const [body, message] of cases) {
    const answer = await api(baseUrl, pathname, { ...request, body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(answer.body.error, message, JSON.stringify(body));
  }
}
