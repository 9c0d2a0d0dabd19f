import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { FakeOpenAi } from "../../../../tests/support/fake-openai";
import { startFakeOpenAiForThisProcess } from "../../../../tests/support/fake-openai-env";
import { AiError } from "~/utils/errors";
import { defaultAiSettings } from "../settings";
import { summarize } from "./summary.server";

let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAiForThisProcess({ timeoutMs: 2000 });
});
after(() => fake.close());
beforeEach(() => fake.reset());

const input = {
  title: "The Prodigal Son",
  text: "The father ran to meet his son. Grace meets us on the road home.",
  settings: defaultAiSettings,
};

describe("OpenAI summarize (real SDK, fake OpenAI-compatible server)", () => {
  test("asks for structured output and returns the validated summary with references checked", async () => {
    fake.enqueue({
      json: {
        summary: "The father runs to his returning son (Luke 15:20), a picture of grace.",
        learningBites: [
          "God runs toward sinners who come home (Luke 15:20).",
          "Grace is given before we clean ourselves up.",
          "The older brother shows that self-righteousness also keeps us far from the father (Luke 15:99).",
        ],
      },
    });
    const result = await summarize("gpt-4o", input);
    assert.equal(result.summary, "The father runs to his returning son (Luke 15:20), a picture of grace.");
    assert.equal(result.learningBites.length, 3);
    assert.match(result.learningBites[2]!, /Luke 15:99 \(reference not found\)/);
    const request = fake.requests[0]!;
    assert.equal(request.model, "gpt-4o");
    assert.equal(request.response_format?.type, "json_schema");
    assert.equal(request.response_format?.json_schema?.name, "content_summary");
    assert.match(request.messages[1]!.content, /The father ran to meet his son/);
  });

  test("an answer with too few bites is retried once, then a clear error", async () => {
    const bad = { json: { summary: "S", learningBites: ["Only one."] } };
    fake.enqueue(bad, bad);
    await assert.rejects(
      summarize("gpt-4o", input),
      (error: AiError) => error instanceof AiError && /could not use/.test(error.message),
    );
    assert.equal(fake.requests.length, 2);
  });

  test("a retry that succeeds is used", async () => {
    fake.enqueue(
      { content: "not json" },
      {
        json: { summary: "Good.", learningBites: ["One insight here.", "Two insights here.", "Three insights here."] },
      },
    );
    const result = await summarize("gpt-4o", input);
    assert.equal(result.learningBites.length, 3);
  });
});
