import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { FakeOpenAi } from "../../../../tests/support/fake-openai";
import { startFakeOpenAiForThisProcess } from "../../../../tests/support/fake-openai-env";
import { rejection } from "../../../../tests/support/rejection";
import { NOT_FOUND_MARK } from "~/modules/bible/grounding.server";
import { getPassage } from "~/modules/bible/passages.server";
import { splitStudySections } from "~/modules/lesson-format/markdown";
import { scriptureTextsFor } from "~/modules/studies/scripture-texts.server";
import { AiError } from "~/utils/errors";
import { defaultAiSettings } from "../settings";
import { openAiProvider } from "./provider.server";
import { TOPIC_LESSON_SECTIONS } from "~/modules/lesson-format/sections";

let fake: FakeOpenAi;

before(async () => {
  fake = await startFakeOpenAiForThisProcess({ timeoutMs: 1500 });
});
after(() => fake.close());
beforeEach(() => fake.reset());

function topicLesson(overrides: Record<string, unknown> = {}) {
  return {
    title: "Faith That Works",
    overview:
      "James insists that real faith shows itself in action (James 2:17), while Paul guards grace (Ephesians 2:8-9).",
    keyScriptures: [
      { reference: "James 2:17", insight: "Faith without action is dead." },
      { reference: "Ephesians 2:8-9", insight: "We are saved by grace through faith." },
    ],
    discussionQuestions: [
      "What does dead faith look like?",
      "How do grace and works fit together?",
      "Where is your faith asleep?",
    ],
    applicationPoints: ["Serve one neighbour this week.", "Memorise Ephesians 2:10."],
    crossReferences: [{ reference: "Galatians 5:6", note: "Faith works through love." }],
    groupActivity: "1. Pairs list acts of faith. 2. Share one.",
    closingPrayer: "Lord, make our faith alive. Amen.",
    ...overrides,
  };
}

const provider = () => openAiProvider(defaultAiSettings.model);

describe("OpenAI lesson plans through the real SDK", () => {
  test("a topic lesson: structured output, settings in the prompt, verses quoted from the shipped Bible", async () => {
    fake.enqueue({ json: topicLesson() });
    const study = await provider().lessonFromTopic({ topic: "Faith and Works", settings: defaultAiSettings });
    assert.equal(study.title, "Faith That Works");
    const request = fake.requests[0]!;
    assert.equal(request.model, "gpt-4o");
    assert.equal(request.response_format?.type, "json_schema");
    assert.equal(request.response_format?.json_schema?.name, "topic_lesson");
    assert.match(request.messages[0]!.content, /Tone: Pastoral/);
    assert.match(request.messages[0]!.content, /prefers the NKJV/);
    assert.match(request.messages[1]!.content, /Faith and Works/);
    const { overview, sections } = splitStudySections(study.content);
    assert.match(overview, /^James insists/);
    assert.deepEqual(
      sections.map((section) => section.title),
      [...TOPIC_LESSON_SECTIONS],
    );
    assert.match(
      study.content,
      /### \(James 2:17\)\n\n> So too, faith by itself, if it does not result in action, is dead\./,
    );
    assert.match(study.content, /Quotations are from the Berean Standard Bible \(BSB\)/);
  });

  test("a passage lesson streams its text as it arrives", async () => {
    fake.enqueue({
      json: {
        ...topicLesson({ title: "God So Loved" }),
        keyScriptures: [
          { reference: "John 3:16", insight: "The heart of the gospel." },
          { reference: "John 3:17", insight: "Not to condemn." },
        ],
        outline: [
          { heading: "God's love given", verses: "John 3:16-17", summary: "God gave his Son." },
          { heading: "Light and darkness", verses: "John 3:18-21", summary: "People respond." },
        ],
        keyWords: [{ word: "believe", meaning: "To trust in the Son." }],
      },
    });
    const progress: string[] = [];
    const study = await provider().lessonFromPassage(
      { passage: getPassage("John 3:16-21", "KJV"), settings: { ...defaultAiSettings, translation: "KJV" } },
      { onProgress: (markdown) => progress.push(markdown) },
    );
    assert.equal(fake.requests[0]!.stream, true);
    assert.equal(fake.requests[0]!.response_format?.json_schema?.name, "passage_lesson");
    assert.match(fake.requests[0]!.messages[1]!.content, /\[3:16\] For God so loved the world/);
    assert.ok(progress.length > 3, `several progress updates (${progress.length})`);
    assert.ok(progress.at(-1)!.length >= progress[0]!.length, "the text grows");
    assert.match(study.content, /## Outline\n\n1\. \*\*God's love given\*\* \(John 3:16-17\): God gave his Son\./);
    assert.match(study.content, /## Key Words\n\n- \*\*believe\*\*: To trust in the Son\./);
    assert.match(study.content, /> For God so loved the world, that he gave his only begotten Son/, "KJV text");
    // Commentary placed on the passage's own verses goes in as context, and the lesson says what it drew on.
    assert.match(
      fake.requests[0]!.messages[1]!.content,
      /^- \(Matthew Henry, Commentary on the Whole Bible on John 3:16\) .+/m,
    );
    assert.doesNotMatch(fake.requests[0]!.messages[1]!.content, /on John 3:1-21\)/, "not the whole section");
    assert.match(
      study.content,
      /\*Drawn from: John 3:16-21 \(KJV\); and Matthew Henry, Commentary on the Whole Bible on John 3:16/,
    );
  });

  test("a made-up verse reference is caught and marked, never shown as real", async () => {
    fake.enqueue({
      json: topicLesson({
        overview: "As (Hezekiah 4:1) and (Romans 17:3) remind us, faith acts (James 2:17).",
        keyScriptures: [
          { reference: "John 30:1", insight: "Invented." },
          { reference: "James 2:26", insight: "Real." },
        ],
        crossReferences: [{ reference: "Psalm 151", note: "Not in the Bible." }],
      }),
    });
    const study = await provider().lessonFromTopic({ topic: "Faith", settings: defaultAiSettings });
    assert.ok(study.content.includes(`### John 30:1 ${NOT_FOUND_MARK}`));
    assert.match(study.content, /Romans 17:3 \(reference not found\)/);
    assert.match(study.content, /Psalm 151 \(reference not found\)/);
    for (const fake of ["(John 30:1)", "(Romans 17:3)", "(Psalm 151)"]) assert.ok(!study.content.includes(fake), fake);
    const badges = Object.keys(scriptureTextsFor(study.content, "BSB"));
    assert.ok(badges.includes("James 2:17") && badges.includes("James 2:26"));
    assert.ok(!badges.some((badge) => /John 30|Romans 17|Psalm 151|Hezekiah/.test(badge)), badges.join(", "));
  });

  test("malformed JSON is retried once, then a clear error", async () => {
    fake.enqueue({ content: "Here is your lesson! {not json" }, { json: { title: "only a title" } });
    const error = await rejection<AiError>(provider().lessonFromTopic({ topic: "Hope", settings: defaultAiSettings }));
    assert.ok(error instanceof AiError);
    assert.equal(error.status, 502);
    assert.match(error.message, /could not use/);
    assert.equal(fake.requests.length, 2);
  });

  // The 504 shows the time limit fired; the test's own timeout turns a hang into a failure.
  test("a provider that never answers times out", { timeout: 30_000 }, async () => {
    fake.enqueue({ hang: true });
    const error = await rejection<AiError>(provider().lessonFromTopic({ topic: "Hope", settings: defaultAiSettings }));
    assert.equal(error.status, 504);
    assert.match(error.message, /took too long/);
  });

  test("HTTP 500 is retried once, then a 502", async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const error = await rejection<AiError>(
      provider().lessonFromPassage({ passage: getPassage("Psalm 23"), settings: defaultAiSettings }),
    );
    assert.equal(error.status, 502);
    assert.match(error.message, /AI provider failed \(HTTP 500\)/);
    assert.equal(fake.requests.length, 2);
  });

  test("HTTP 429 says the provider is busy, without retrying", async () => {
    fake.enqueue({ status: 429, body: { error: { message: "Rate limit reached", type: "rate_limit" } } });
    const error = await rejection<AiError>(provider().lessonFromTopic({ topic: "Hope", settings: defaultAiSettings }));
    assert.equal(error.status, 503);
    assert.match(error.message, /busy/);
    assert.equal(fake.requests.length, 1);
  });
});
