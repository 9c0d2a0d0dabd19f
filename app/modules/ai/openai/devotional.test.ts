import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { FakeOpenAi } from "../../../../tests/support/fake-openai";
import { startFakeOpenAiForThisProcess } from "../../../../tests/support/fake-openai-env";
import { getPassage } from "~/modules/bible/passages.server";
import { AiError } from "~/utils/errors";
import { defaultAiSettings } from "../settings";
import { devotional } from "./devotional.server";

let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAiForThisProcess({ timeoutMs: 1500 });
});
after(() => fake.close());
beforeEach(() => fake.reset());

const passages = [getPassage("Psalm 23", "NKJV")];
const input = { passages, level: "intermediate" as const, wordLimit: 500, settings: defaultAiSettings };

describe("OpenAI devotionals", () => {
  test("sends the passage as shown and returns grounded markdown", async () => {
    fake.enqueue({
      json: {
        content:
          "## Psalm 23: The Shepherd\n\n> The LORD is my shepherd; I shall not want. (Psalm 23:1, BSB)\n\nSee also (John 10:11) and (John 30:1).",
      },
    });
    const { content } = await devotional("gpt-4o", input);
    assert.match(content, /^## Psalm 23: The Shepherd/);
    assert.match(content, /\(John 10:11\)/);
    assert.match(content, /John 30:1 \(reference not found\)/, "an invented reference is marked, not shown as real");
    const request = fake.requests[0]!;
    assert.equal(request.model, "gpt-4o");
    assert.equal(request.response_format?.json_schema?.name, "devotional");
    const user = request.messages.find((message) => message.role === "user")!.content;
    assert.match(user, /Psalm 23 \(Berean Standard Bible, BSB\)/, "the model sees the text the reader sees");
    assert.match(user, /about 500 words/);
  });

  test("gives the model Matthew Henry on the passage, and the text says what it drew on", async () => {
    fake.enqueue({ json: { content: "## Psalm 23: The Shepherd\n\nThe LORD cares for his flock." } });
    const { content } = await devotional("gpt-4o", input);
    const user = fake.requests[0]!.messages.find((message) => message.role === "user")!.content;
    assert.match(user, /Matthew Henry's Commentary on the Whole Bible/);
    assert.match(user, /Quote it only word for word/);
    assert.match(user, /^- \(Matthew Henry on Psalm 23:1-6\) [A-Z].+[.!]$/m);
    assert.match(content, /\*Drawn from: Psalm 23 \(BSB\); and Matthew Henry's Commentary on Psalm 23:1-6\.\*$/);
  });

  test("a malformed answer is retried once, then a clear error", async () => {
    fake.enqueue({ content: "not json" }, { json: { wrong: true } });
    await assert.rejects(devotional("gpt-4o", input), (error: unknown) => {
      assert.ok(error instanceof AiError);
      assert.match(error.message, /could not use/);
      return true;
    });
    assert.equal(fake.requests.length, 2);
  });

  test("a provider error is an AiError", async () => {
    fake.enqueue({ status: 429 });
    await assert.rejects(devotional("gpt-4o", input), /busy right now/);
  });
});
