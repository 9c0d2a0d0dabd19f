/**
 * The AI connection check (app/modules/ai/connection-check.server.ts) through the real built
 * server and the real `openai` SDK: POST /api/admin/ai-check against the configured endpoint (the
 * fake OpenAI server), and the same exported function against endpoints that fail the way real
 * ones do (tests/support/fake-ai-endpoints.ts).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, beforeEach, describe, test } from "node:test";
import { closedPortUrl, startFakeEndpoint, type FakeEndpoint } from "../support/fake-ai-endpoints";
import { fakeModes, startFakeOpenAi, type FakeMode, type FakeOpenAi } from "../support/fake-openai";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

interface Step {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}
interface CheckResult {
  ok: boolean;
  summary: string;
  provider: string;
  baseUrl: string | null;
  model: string;
  steps: Step[];
  totalMs: number;
  advice?: string;
}
type CheckAiConnection = (options?: {
  endpoint?: { provider: "builtin" | "openai"; baseUrl?: string; apiKey?: string; model?: string };
}) => Promise<CheckResult>;

const CHECK_TIMEOUT_MS = 1000;

let server: TestServer;
let fake: FakeOpenAi;
let admin: Awaited<ReturnType<typeof seedAccount>>;
let user: Awaited<ReturnType<typeof seedAccount>>;
let checkAiConnection: CheckAiConnection;
const endpoints: FakeEndpoint[] = [];

before(async () => {
  fake = await startFakeOpenAi();
  noReplyQueued = fake.fallback;
  server = await startTestServer({
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_PROVIDER: "openai",
    AI_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
  });
  admin = await seedAccount(server.url);
  user = await seedAccount(server.url);
  ({ checkAiConnection } = await import(
    pathToFileURL(path.resolve(import.meta.dirname, "../../build/server/index.js")).href
  ));
});
after(async () => {
  await server.close();
  await fake.close();
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
});
let noReplyQueued: FakeOpenAi["fallback"];
beforeEach(() => {
  fake.reset();
  fake.mode = "openai";
  fake.fallback = noReplyQueued;
});

async function endpoint(mode: Parameters<typeof startFakeEndpoint>[0]) {
  const started = await startFakeEndpoint(mode);
  endpoints.push(started);
  return started;
}

function step(result: CheckResult, name: string) {
  const found = result.steps.find((candidate) => candidate.name === name);
  assert.ok(found, `step ${name} in ${JSON.stringify(result.steps)}`);
  return found;
}

const goodAnswer = { json: { ok: true, word: "amen" } };

describe("POST /api/admin/ai-check", () => {
  test("is for admins: 401 anonymous, 403 for a user, 405 for GET, 400 for options it does not take", async () => {
    assert.equal((await api(server.url, "/api/admin/ai-check", { method: "POST" })).status, 401);
    const asUser = await api(server.url, "/api/admin/ai-check", { method: "POST", token: user.token });
    assert.equal(asUser.status, 403);
    assert.equal(asUser.body.error, "Admin access required");
    assert.equal((await api(server.url, "/api/admin/ai-check", { token: admin.token })).status, 405);
    const withOptions = await api(server.url, "/api/admin/ai-check", {
      method: "POST",
      token: admin.token,
      body: { baseUrl: "http://169.254.169.254/" },
    });
    assert.equal(withOptions.status, 400);
    assert.equal(fake.requests.length, 0, "nothing reached the AI endpoint");
  });

  test("checks the configured endpoint with the admin's model and one strict JSON-schema request", async () => {
    fake.enqueue(goodAnswer);
    const answer = await api<CheckResult>(server.url, "/api/admin/ai-check", { method: "POST", token: admin.token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const result = answer.body;
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.provider, "openai");
    assert.equal(result.baseUrl, fake.baseUrl);
    assert.equal(result.model, "gpt-4o", "the admin's AI model (no OPENAI_MODEL)");
    assert.equal(result.summary, `The connection works: ${fake.baseUrl}, model "gpt-4o" (${result.totalMs} ms).`);
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [
        ["reachable", true],
        ["key", true],
        ["model", true],
        ["structured", true],
      ],
    );
    assert.equal(step(result, "key").detail, "The API key was accepted.");
    assert.equal(
      step(result, "structured").detail,
      'The model answered with JSON matching the schema: {"ok":true,"word":"amen"}',
    );
    assert.ok(result.totalMs >= 0 && result.steps.every((entry) => Number.isInteger(entry.ms) && entry.ms >= 0));
    assert.equal(result.advice, undefined);

    assert.equal(fake.requests.length, 1, "one tiny request");
    const request = fake.requests[0]!;
    assert.equal(request.model, "gpt-4o");
    assert.equal(request.stream, undefined);
    assert.deepEqual(request.response_format, {
      type: "json_schema",
      json_schema: {
        name: "connection_check",
        strict: true,
        schema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          properties: { ok: { type: "boolean" }, word: { type: "string" } },
          required: ["ok", "word"],
          additionalProperties: false,
        },
      },
    });
  });

  test("follows the admin's model setting", async () => {
    const saved = await api(server.url, "/api/admin/settings", {
      method: "PATCH",
      token: admin.token,
      body: { model: "gpt-4.1-mini" },
    });
    assert.equal(saved.status, 200);
    fake.enqueue(goodAnswer);
    const result = (await api<CheckResult>(server.url, "/api/admin/ai-check", { method: "POST", token: admin.token }))
      .body;
    assert.equal(result.model, "gpt-4.1-mini");
    assert.equal(fake.requests[0]?.model, "gpt-4.1-mini");
    await api(server.url, "/api/admin/settings", { method: "PATCH", token: admin.token, body: { model: "gpt-4o" } });
  });

  // How each server of the fake's modes takes the request, as the app's generation does (see fake-openai.ts).
  const expected: Record<FakeMode, string> = {
    openai: "structured",
    ollama: "structured",
    llamacpp: "structured",
    "llamacpp-old": "fallback: plain JSON mode",
    lmstudio: "structured",
    plain: "fallback: the schema in the prompt alone",
    fenced: "structured, wrapped",
    overlong: "structured",
    refuse: "model not found",
  };
  for (const mode of fakeModes) {
    test(`against a server like ${mode}: ${expected[mode]}`, async () => {
      fake.mode = mode;
      fake.fallback = () => goodAnswer;
      const result = (await api<CheckResult>(server.url, "/api/admin/ai-check", { method: "POST", token: admin.token }))
        .body;
      const outcome = expected[mode];
      assert.equal(result.ok, mode !== "refuse", JSON.stringify(result));
      if (outcome.startsWith("structured")) {
        assert.equal(step(result, "structured").ok, true);
        assert.equal(
          result.steps.some((entry) => entry.name === "fallback"),
          false,
        );
        if (outcome.endsWith("wrapped"))
          assert.match(
            step(result, "structured").detail,
            /wrapped its JSON in other text, which the app reads through: \{"ok":true,"word":"amen"\}$/,
          );
      } else if (outcome.startsWith("fallback")) {
        assert.equal(step(result, "structured").ok, false);
        assert.match(
          step(result, "fallback").detail,
          new RegExp(`^The app falls back to ${outcome.slice("fallback: ".length).replace(/[()]/g, "\\$&")}`),
        );
      } else {
        assert.equal(
          step(result, "model").detail,
          `Model "gpt-4o" not found at ${fake.baseUrl}; the server does not list its models.`,
        );
      }
    });
  }

  test("an answer that does not match the schema fails the structured step, and says what came back", async () => {
    fake.enqueue({ json: { ok: "yes" } });
    const result = (await api<CheckResult>(server.url, "/api/admin/ai-check", { method: "POST", token: admin.token }))
      .body;
    assert.equal(result.ok, false);
    assert.equal(step(result, "model").ok, true);
    assert.equal(step(result, "structured").ok, false);
    assert.equal(
      step(result, "structured").detail,
      'The model answered, but not with JSON matching the schema: "{\\"ok\\":\\"yes\\"}".',
    );
    assert.match(result.advice ?? "", /does not keep to response_format/);
  });
});

describe("what each failure says", () => {
  test("connection refused: nothing answers, and how to start a local server", async () => {
    const baseUrl = await closedPortUrl();
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl, apiKey: "k", model: "llama3.2:3b" },
    });
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [["reachable", false]],
    );
    assert.equal(result.steps[0]!.detail, `Nothing answers at ${baseUrl} (connection refused).`);
    assert.match(result.advice ?? "", /^Is the server running\? For Ollama: `ollama serve`/);
  });

  test("a refused key (OpenAI's 401): reachable, key refused with the server's words", async () => {
    const broken = await endpoint("key-refused");
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl: broken.baseUrl, apiKey: "sk-wrong-0000abcd" },
    });
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [
        ["reachable", true],
        ["key", false],
      ],
    );
    assert.equal(
      step(result, "key").detail,
      `The server at ${broken.baseUrl} refused the API key (HTTP 401): Incorrect API key provided: sk-*****abcd. You can find your API key at https://platform.openai.com/account/api-keys.`,
    );
    assert.match(result.advice ?? "", /Check OPENAI_API_KEY/);
    assert.equal(broken.requests[0]?.authorization, "Bearer sk-wrong-0000abcd");
    assert.equal(broken.requests.length, 1, "no chat request after the key was refused");
  });

  test("a missing model: not found, with the models the server has", async () => {
    const broken = await endpoint("model-missing");
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl: broken.baseUrl, model: "llama3.1:8b" },
    });
    assert.equal(result.ok, false);
    assert.equal(result.model, "llama3.1:8b");
    assert.equal(step(result, "reachable").ok, true);
    assert.equal(step(result, "key").detail, "No API key is set, and the server asked for none.");
    assert.equal(step(result, "model").ok, false);
    assert.equal(
      step(result, "model").detail,
      `Model "llama3.1:8b" not found at ${broken.baseUrl}; available: llama3.2:3b, qwen2.5:7b-instruct, mistral-nemo:12b.`,
    );
    assert.match(result.advice ?? "", /ollama pull llama3\.1:8b/);
    assert.equal(
      result.steps.some((entry) => entry.name === "structured"),
      false,
    );
  });

  test("the same server with a model it has works, and the model step says it was listed", async () => {
    const working = await endpoint("model-missing");
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl: working.baseUrl, model: "qwen2.5:7b-instruct" },
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(
      step(result, "reachable").detail,
      `${working.baseUrl} answers as an OpenAI-compatible API (3 models listed).`,
    );
    assert.equal(step(result, "model").detail, `"qwen2.5:7b-instruct" is available at ${working.baseUrl}.`);
    assert.deepEqual(
      working.requests.map((request) => `${request.method} ${request.path}`),
      ["GET /v1/models", "POST /v1/chat/completions"],
    );
  });

  test("structured output refused (400 on response_format): usable through the app's fallback, and what to try", async () => {
    const broken = await endpoint("no-structured-output");
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl: broken.baseUrl, apiKey: "k", model: "llama3.2:3b" },
    });
    assert.equal(result.ok, true, "the app asks in plain JSON mode then, and that works");
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [
        ["reachable", true],
        ["key", true],
        ["model", true],
        ["structured", false],
        ["fallback", true],
      ],
    );
    assert.match(
      step(result, "structured").detail,
      /^The server refused structured output \(HTTP 400\): Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model\./,
    );
    assert.equal(
      step(result, "fallback").detail,
      'The app falls back to plain JSON mode (response_format json_object) here, and that worked. The model answered with JSON matching the schema: {"ok":true,"word":"amen"}',
    );
    assert.match(
      result.advice ?? "",
      /^It works through the fallback; answers are checked against the schema locally\. .*Ollama, use version 0\.5 or later/,
    );
    assert.deepEqual(
      broken.requests.map(
        (request) => (request.body?.response_format as { type?: string } | undefined)?.type ?? request.path,
      ),
      ["/v1/models", "json_schema", "json_object"],
    );
  });

  test("a server that ignores the schema and answers prose: not JSON, with an excerpt", async () => {
    const broken = await endpoint("ignores-schema");
    const result = await checkAiConnection({
      endpoint: { provider: "openai", baseUrl: broken.baseUrl, model: "llama3.2:3b" },
    });
    assert.equal(result.ok, false);
    assert.equal(
      step(result, "structured").detail,
      'The model answered, but not with JSON matching the schema: "Sure! The connection works. ok: true, word: amen".',
    );
  });

  test("a web page instead of the API: a non-JSON answer, and the /v1 hint", async () => {
    const site = await endpoint("web-page");
    const result = await checkAiConnection({ endpoint: { provider: "openai", baseUrl: site.baseUrl, model: "m" } });
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [["reachable", false]],
    );
    assert.equal(
      step(result, "reachable").detail,
      `${site.baseUrl} answers (HTTP 200), but not with JSON (text/html; charset=utf-8): it is not an OpenAI-compatible API address.`,
    );
    assert.match(result.advice ?? "", /usually end in \/v1/);
  });

  test(
    "a server that never answers: a timeout after AI_CHECK_TIMEOUT_MS, not a hang",
    { timeout: 30_000 },
    async () => {
      const silent = await endpoint("silent");
      const started = Date.now();
      const result = await checkAiConnection({ endpoint: { provider: "openai", baseUrl: silent.baseUrl, model: "m" } });
      const took = Date.now() - started;
      assert.equal(result.ok, false);
      assert.deepEqual(
        result.steps.map((entry) => [entry.name, entry.ok]),
        [["reachable", false]],
      );
      assert.equal(step(result, "reachable").detail, `No answer from ${silent.baseUrl} within 1 s.`);
      // It waited for the limit (a slower machine only waits longer); the test's timeout catches a hang.
      assert.ok(took >= CHECK_TIMEOUT_MS - 50, `took ${took} ms`);
    },
  );

  test("https:// to a plain-HTTP server: a TLS failure, and to use http://", async () => {
    const plain = await endpoint("model-missing");
    const baseUrl = plain.baseUrl.replace("http://", "https://");
    const result = await checkAiConnection({ endpoint: { provider: "openai", baseUrl, model: "llama3.2:3b" } });
    assert.equal(result.ok, false);
    assert.match(
      step(result, "reachable").detail,
      /^A secure \(TLS\) connection to 127\.0\.0\.1:\d+ failed: wrong version number \(ERR_SSL_WRONG_VERSION_NUMBER\)\.$/,
    );
    assert.match(result.advice ?? "", /use an address starting with http:\/\//);
  });

  test("the built-in provider: nothing to test, and a tiny offline generation proves it works", async () => {
    const result = await checkAiConnection({ endpoint: { provider: "builtin" } });
    assert.equal(result.ok, true);
    assert.equal(result.provider, "builtin");
    assert.equal(result.baseUrl, null);
    assert.deepEqual(
      result.steps.map((entry) => [entry.name, entry.ok]),
      [
        ["builtin", true],
        ["generation", true],
      ],
    );
    assert.equal(
      step(result, "builtin").detail,
      "The built-in offline writer is in use: there is no endpoint, key or model to test.",
    );
    assert.match(step(result, "generation").detail, /^Wrote a short test summary offline \(\d learning bites\)\.$/);
    assert.equal(result.summary, "The built-in offline writer is in use: nothing needs testing.");
    assert.match(result.advice ?? "", /^To use an OpenAI-compatible endpoint instead, set OPENAI_API_KEY/);
  });
});

describe("npm run ai:check", () => {
  const projectRoot = path.resolve(import.meta.dirname, "../..");
  /** Runs scripts/ai-check.mjs (what `npm run ai:check` runs) with these AI variables and no database. */
  function runCli(env: Record<string, string>) {
    return new Promise<{ code: number; output: string }>((resolve) => {
      const childEnv: NodeJS.ProcessEnv = {
        ...process.env,
        ...env,
        DATABASE_PATH: path.join(projectRoot, "data/no-such-database.db"),
      };
      delete childEnv.AI_PROVIDER;
      execFile(
        process.execPath,
        [path.join(projectRoot, "scripts/ai-check.mjs")],
        { env: childEnv },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr });
        },
      );
    });
  }

  test("prints each step with its time and exits 0 when the endpoint is usable", async () => {
    const working = await endpoint("model-missing");
    const { code, output } = await runCli({
      OPENAI_API_KEY: "sk-local",
      OPENAI_BASE_URL: working.baseUrl,
      OPENAI_MODEL: "llama3.2:3b",
    });
    assert.equal(code, 0, output);
    assert.deepEqual(
      output
        .trim()
        .split("\n")
        .map((line) => line.replace(/\(\d+ ms\)/g, "(N ms)")),
      [
        `✓ Server reachable (N ms): ${working.baseUrl} answers as an OpenAI-compatible API (3 models listed).`,
        "✓ API key (N ms): The API key was accepted.",
        `✓ Model (N ms): "llama3.2:3b" is available at ${working.baseUrl}.`,
        '✓ Structured output (N ms): The model answered with JSON matching the schema: {"ok":true,"word":"amen"}',
        `The connection works: ${working.baseUrl}, model "llama3.2:3b" (N ms).`,
      ],
    );
  });

  test("prints what failed and how to fix it, and exits 1", async () => {
    const baseUrl = await closedPortUrl();
    const { code, output } = await runCli({ OPENAI_API_KEY: "sk-local", OPENAI_BASE_URL: baseUrl });
    assert.equal(code, 1, output);
    assert.match(
      output,
      new RegExp(
        `^✗ Server reachable \\(\\d+ ms\\): Nothing answers at ${baseUrl.replace(/[.]/g, "\\.")} \\(connection refused\\)\\.$`,
        "m",
      ),
    );
    assert.match(output, /^How to fix: Is the server running\? For Ollama: `ollama serve`/m);
    assert.match(output, /model "gpt-4o"/, "no database yet: the default admin model");
  });
});
