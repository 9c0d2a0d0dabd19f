import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { z } from "zod";
import type { FakeOpenAi } from "../../../tests/support/fake-openai";
import { startFakeOpenAiForThisProcess } from "../../../tests/support/fake-openai-env";
import { rejection } from "../../../tests/support/rejection";
import { AiError } from "~/utils/errors";
import { completeStructured } from "./openai-client.server";

const schema = z.object({ answer: z.string().min(1), points: z.array(z.string()).min(1) });
const messages = [{ role: "user" as const, content: "Say something" }];

let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAiForThisProcess({ timeoutMs: 1500 });
});
after(() => fake.close());
beforeEach(() => fake.reset());

describe("completeStructured against an OpenAI-compatible server", () => {
  test("returns the validated object and sends a JSON schema", async () => {
    fake.enqueue({ json: { answer: "Grace", points: ["a", "b"] } });
    const value = await completeStructured({ schema, schemaName: "reply", messages, model: "gpt-4o" });
    assert.deepEqual(value, { answer: "Grace", points: ["a", "b"] });
    assert.equal(fake.requests[0]!.model, "gpt-4o");
    assert.equal(fake.requests[0]!.response_format?.type, "json_schema");
  });

  test("streams partial objects when asked", async () => {
    fake.enqueue({ json: { answer: "A long answer that arrives in pieces", points: ["one", "two", "three"] } });
    const partials: unknown[] = [];
    const value = await completeStructured({
      schema,
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
    fake.enqueue({ content: "this is not json" }, { content: "{\"answer\": 1}" });
    const error = await rejection<AiError>(completeStructured({ schema, schemaName: "reply", messages, model: "m" }));
    assert.ok(error instanceof AiError);
    assert.match(error.message, /could not use/);
    assert.equal(fake.requests.length, 2);
  });

  test("a malformed first answer followed by a good one succeeds", async () => {
    fake.enqueue({ content: "{oops" }, { json: { answer: "ok", points: ["p"] } });
    const value = await completeStructured({ schema, schemaName: "reply", messages, model: "m" });
    assert.equal(value.answer, "ok");
  });

  test("HTTP 500 twice is a 502 AiError", async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const error = await rejection<AiError>(completeStructured({ schema, schemaName: "reply", messages, model: "m" }));
    assert.equal(error.status, 502);
    assert.match(error.message, /AI provider failed/);
  });

  test("HTTP 429 is not retried and says the provider is busy", async () => {
    fake.enqueue({ status: 429, body: { error: { message: "slow down", type: "rate_limit" } } });
    const error = await rejection<AiError>(completeStructured({ schema, schemaName: "reply", messages, model: "m" }));
    assert.equal(error.status, 503);
    assert.match(error.message, /busy/);
    assert.equal(fake.requests.length, 1);
  });

  test("a provider that never answers times out with a clear error", async () => {
    fake.enqueue({ hang: true });
    const started = Date.now();
    const error = await rejection<AiError>(completeStructured({ schema, schemaName: "reply", messages, model: "m" }));
    assert.equal(error.status, 504);
    assert.match(error.message, /took too long/);
    assert.ok(Date.now() - started < 5000);
  });
});
