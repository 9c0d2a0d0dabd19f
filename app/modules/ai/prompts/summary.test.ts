import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { defaultAiSettings } from "../settings";
import { clipSource, MAX_SOURCE_CHARACTERS, summaryPrompt, summaryResponseSchema } from "./summary";

describe("summaryPrompt", () => {
  const messages = summaryPrompt({
    title: "The Prodigal Son",
    text: "The father ran to meet his son.",
    settings: { ...defaultAiSettings, tone: "Inspirational", targetAudience: "Beginner", translation: "KJV" },
  });

  test("a system message with the admin's settings and a user message with the source", () => {
    assert.equal(messages.length, 2);
    assert.equal(messages[0]!.role, "system");
    assert.match(messages[0]!.content, /inspirational tone/);
    assert.match(messages[0]!.content, /beginner audience/);
    assert.match(messages[0]!.content, /KJV/);
    assert.match(messages[0]!.content, /never invent quotations/);
    assert.equal(messages[1]!.role, "user");
    assert.match(messages[1]!.content, /Title: The Prodigal Son/);
    assert.match(messages[1]!.content, /3 to 7 distinct insights/);
    assert.match(messages[1]!.content, /"""\nThe father ran to meet his son\.\n"""/);
  });

  test("is pure: the same input gives the same messages", () => {
    const input = { title: "T", text: "Some text.", settings: defaultAiSettings };
    assert.deepEqual(summaryPrompt(input), summaryPrompt(input));
  });

  test("a very long source is cut at a paragraph and said to be the beginning", () => {
    const paragraph = "word ".repeat(199) + "end.";
    const text = Array.from({ length: 100 }, () => paragraph).join("\n\n");
    const clipped = clipSource(text);
    assert.equal(clipped.clipped, true);
    assert.ok(clipped.text.length <= MAX_SOURCE_CHARACTERS);
    assert.ok(clipped.text.endsWith("end."));
    const [, user] = summaryPrompt({ title: "T", text, settings: defaultAiSettings });
    assert.match(user!.content, /the beginning of a longer text/);
  });
});

describe("summaryResponseSchema", () => {
  test("wants a summary and 3 to 7 bites", () => {
    const bites = (count: number) => Array.from({ length: count }, (_, index) => `Insight ${index}.`);
    assert.ok(summaryResponseSchema.safeParse({ summary: "S", learningBites: bites(3) }).success);
    assert.ok(summaryResponseSchema.safeParse({ summary: "S", learningBites: bites(7) }).success);
    assert.ok(!summaryResponseSchema.safeParse({ summary: "S", learningBites: bites(2) }).success);
    assert.ok(!summaryResponseSchema.safeParse({ summary: "S", learningBites: bites(8) }).success);
    assert.ok(!summaryResponseSchema.safeParse({ summary: " ", learningBites: bites(3) }).success);
    assert.ok(!summaryResponseSchema.safeParse({ summary: "S", learningBites: ["a", "b", "  "] }).success);
  });
});
