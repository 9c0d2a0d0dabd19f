import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { z } from "zod";
import type { FakeOpenAi } from "../../../tests/support/fake-openai";
import { startFakeOpenAiForThisProcess } from "../../../tests/support/fake-openai-env";
import { rejection } from "../../../tests/support/rejection";
import { AiError } from "~/utils/errors";
import { completeStructured, structuredOutputMode } from "./openai-client.server";

const schema = z.object({
  answer: z.string().trim().min(1).max(40),
  points: z.array(z.string().trim().min(1)).min(1).max(3),
});
const wireSchema = z.object({ answer: z.string(), points: z.array(z.string()) });
const messages = [{ role: "user" as const, content: "Say something" }];
const ask = (model = "m") => completeStructured({ schema, wireSchema, schemaName: "reply", messages, model });

let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAiForThisProcess({ timeoutMs: 1500 });
});
after(() => fake.close());
beforeEach(() => fake.reset());

describe("completeStructured against an OpenAI-compatible server", () => {
  test("returns the validated object and sends a JSON schema", async () => {
    fake.enqueue({ json: { answer: "Grace", points: ["a", "b"] } });
    const value = await ask("gpt-4o");
    assert.deepEqual(value, { answer: "Grace", points: ["a", "b"] });
    assert.equal(fake.requests[0]!.response_format?.json_schema?.strict, true);
    assert.equal(fake.requests[0]!.model, "gpt-4o");
    assert.equal(fake.requests[0]!.response_format?.type, "json_schema");
  });

  test("streams partial objects when asked", async () => {
    fake.enqueue({ json: { answer: "A long answer that arrives in pieces", points: ["one", "two", "three"] } });
    const partials: unknown[] = [];
    const value = await completeStructured({
      schema,
      wireSchema,
      schemaName: "reply",
      messages,
      model: "gpt-4o",
      onPartial: (partial) => partials.push(partial),
    });
    assert.equal(value.points.length, 3);
    assert.ok(partials.length > 1, "several partial updates");
    assert.equal(fake.requests[0]!.stream, true);
  });

  test("malformed JSON is retried once, then a clear error", async () => {
    fake.enqueue({ content: "this is not json" }, { content: '{"answer": "", "points": []}' });
    const error = await rejection<AiError>(ask());
    assert.ok(error instanceof AiError);
    assert.match(error.message, /could not use/);
    assert.equal(fake.requests.length, 2);
  });

  test("a malformed first answer followed by a good one succeeds", async () => {
    fake.enqueue({ content: "{oops" }, { json: { answer: "ok", points: ["p"] } });
    const value = await ask();
    assert.equal(value.answer, "ok");
  });

  test("an answer that only overran its limits is clipped, not thrown away; fences and prose are read through", async () => {
    fake.enqueue({
      content: `Sure! Here it is:\n\`\`\`json\n${JSON.stringify({ answer: "A very long answer that runs well past its forty characters", points: ["a", "", "b", "c", "d"] })}\n\`\`\``,
    });
    const value = await ask();
    assert.equal(value.answer, "A very long answer that runs well past…");
    assert.deepEqual(value.points, ["a", "b", "c"]);
    assert.equal(fake.requests.length, 1, "no retry needed");
  });

  test("HTTP 500 twice is a 502 AiError", async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const error = await rejection<AiError>(ask());
    assert.equal(error.status, 502);
    assert.match(error.message, /AI provider failed/);
  });

  test("HTTP 429 is not retried and says the provider is busy", async () => {
    fake.enqueue({ status: 429, body: { error: { message: "slow down", type: "rate_limit" } } });
    const error = await rejection<AiError>(ask());
    assert.equal(error.status, 503);
    assert.match(error.message, /busy/);
    assert.equal(fake.requests.length, 1);
  });

  test("a schema outside the strict subset is refused like OpenAI does, and JSON mode is used from then on", async () => {
    fake.enqueue({ json: { answer: "ok", points: ["p"] } }, { json: { answer: "again", points: ["q"] } });
    const loose = z.object({ answer: z.string().min(1), points: z.array(z.string()) });
    const value = await completeStructured({ schema: loose, schemaName: "loose", messages, model: "loose-model" });
    assert.equal(value.answer, "ok");
    assert.deepEqual(fake.statuses, [400, 200]);
    assert.equal(fake.requests[0]!.response_format?.type, "json_schema");
    assert.equal(fake.requests[1]!.response_format?.type, "json_object");
    assert.match(fake.requests[1]!.messages[0]!.content, /match this JSON schema/);
    assert.equal(structuredOutputMode("loose-model"), "json_object");
    await completeStructured({ schema: loose, schemaName: "loose", messages, model: "loose-model" });
    assert.equal(fake.requests.length, 3, "one request: the refusal is remembered");
    assert.equal(fake.requests[2]!.response_format?.type, "json_object");
  });

  test("a server that takes no response_format at all is asked by prompt, and its prose is read through", async () => {
    fake.mode = "plain";
    try {
      fake.enqueue({ json: { answer: "plain", points: ["p"] } });
      const value = await ask("plain-model");
      assert.equal(value.answer, "plain");
      assert.deepEqual(fake.statuses, [400, 400, 200]);
      assert.deepEqual(
        fake.requests.map((request) => request.response_format?.type),
        ["json_schema", "json_object", undefined],
      );
      assert.equal(structuredOutputMode("plain-model"), "prompt");
    } finally {
      fake.mode = "openai";
    }
  });

  test("an endpoint that refuses everything is a clear error", async () => {
    fake.mode = "refuse";
    try {
      const error = await rejection<AiError>(ask("missing-model"));
      assert.equal(error.status, 502);
      assert.match(error.message, /refused the request \(HTTP 404\).*model settings/);
      assert.equal(fake.requests.length, 1);
    } finally {
      fake.mode = "openai";
    }
  });

  // The 504 shows the time limit fired; the test's own timeout turns a hang into a failure.
  test("a provider that never answers times out with a clear error", { timeout: 30_000 }, async () => {
    fake.enqueue({ hang: true });
    const error = await rejection<AiError>(ask());
    assert.equal(error.status, 504);
    assert.match(error.message, /took too long/);
  });
});
