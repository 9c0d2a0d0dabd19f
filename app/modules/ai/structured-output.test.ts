import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { z } from "zod";
import { strictSchemaProblem } from "../../../tests/support/openai-strict-subset";
import { devotionalSchema, devotionalWire } from "./prompts/devotional";
import { passageLessonSchema, passageLessonWire, topicLessonSchema, topicLessonWire } from "./prompts/lessons";
import { summaryResponseSchema, summaryWire } from "./prompts/summary";
import { clipText, extractJsonObject, fitToSchema, jsonSchemaFormat, jsonSoFar } from "./structured-output";

const wireSchemas = {
  topic_lesson: topicLessonWire,
  passage_lesson: passageLessonWire,
  devotional: devotionalWire,
  content_summary: summaryWire,
};

describe("every schema the app sends is inside OpenAI's strict subset", () => {
  for (const [name, wire] of Object.entries(wireSchemas)) {
    test(name, () => {
      const format = jsonSchemaFormat(wire, name);
      assert.equal(format.json_schema.strict, true);
      assert.equal(strictSchemaProblem(format.json_schema.schema), undefined);
    });
  }

  test("the checker refuses what strict mode refuses", () => {
    const problem = (schema: z.ZodType) => strictSchemaProblem(jsonSchemaFormat(schema, "x").json_schema.schema);
    assert.match(
      problem(z.object({ title: z.string().min(1).max(120) }))!,
      /context=\('properties', 'title'\), 'minLength' is not permitted/,
    );
    assert.match(problem(z.object({ items: z.array(z.string()).max(5) }))!, /'maxItems' is not permitted/);
    assert.match(problem(z.object({ tone: z.string().default("warm") }))!, /'default' is not permitted/);
    assert.match(
      strictSchemaProblem({
        type: "object",
        properties: { note: { type: "string" } },
        required: [],
        additionalProperties: false,
      })!,
      /Missing 'note'/,
    );
    assert.equal(
      problem(z.object({ note: z.string().nullable(), kind: z.enum(["a", "b"]) })),
      undefined,
      "nullable and enum are fine",
    );
    assert.match(
      strictSchemaProblem({ type: "object", properties: { a: { type: "string" } }, required: ["a"] })!,
      /'additionalProperties' is required/,
    );
  });

  test("each wire schema asks for the same fields the local check reads", () => {
    const pairs: Array<[z.ZodObject, z.ZodObject]> = [
      [topicLessonWire, topicLessonSchema],
      [passageLessonWire, passageLessonSchema],
      [devotionalWire, devotionalSchema],
      [summaryWire, summaryResponseSchema],
    ];
    for (const [wire, local] of pairs)
      assert.deepEqual(Object.keys(wire.shape).sort(), Object.keys(local.shape).sort());
  });
});

describe("reading a model's answer", () => {
  test("bare JSON, fenced JSON and JSON inside prose", () => {
    assert.deepEqual(extractJsonObject('{"a":1}'), { a: 1 });
    assert.deepEqual(extractJsonObject('Here you go:\n```json\n{"a": "x}y", "b": [1]}\n```\nAnything else?'), {
      a: "x}y",
      b: [1],
    });
    assert.deepEqual(extractJsonObject('I think {so} but {"a": {"b": "c"}} is it'), { a: { b: "c" } });
    assert.equal(extractJsonObject("no json here"), undefined);
    assert.equal(extractJsonObject('{"a": 1'), undefined);
  });

  test("a streaming answer is read from its first brace", () => {
    assert.equal(jsonSoFar('```json\n{"a": "b'), '{"a": "b');
    assert.equal(jsonSoFar('Sure! {"a": 1}\n```'), '{"a": 1}');
    assert.equal(jsonSoFar("Thinking"), undefined);
  });

  test("long text is cut at a word and marked", () => {
    assert.equal(clipText("short", 10), "short");
    const clipped = clipText("Hope that holds through every storm of life", 20);
    assert.ok(clipped.length <= 20);
    assert.equal(clipped, "Hope that holds…");
    assert.equal(clipText("Unbreakableness-ness-ness", 10), "Unbreakab…");
  });

  test("over-long parts are clipped, blank and repeated items dropped, and what is missing stays missing", () => {
    const schema = z.object({
      title: z.string().trim().min(1).max(20),
      points: z.array(z.string().trim().min(1).max(10)).min(1).max(3),
      extra: z
        .array(z.object({ word: z.string().trim().min(1).max(5) }))
        .max(2)
        .default([]),
      prayer: z.string().trim().max(50).default(""),
    });
    const fitted = fitToSchema(
      {
        title: "  A title that is far too long to keep  ",
        points: ["one", "", "one", "two", "three", "four"],
        extra: [{ word: "" }, { word: "abcdefgh" }],
        prayer: null,
        unknown: "dropped",
      },
      schema,
    );
    const parsed = schema.parse(fitted);
    assert.equal(parsed.title, "A title that is far…");
    assert.deepEqual(parsed.points, ["one", "two", "three"]);
    assert.deepEqual(parsed.extra, [{ word: "abcd…" }]);
    assert.equal(parsed.prayer, "");
    assert.equal(
      schema.safeParse(fitToSchema({ title: "T", points: ["", " "] }, schema)).success,
      false,
      "no usable point",
    );
    assert.equal(schema.safeParse(fitToSchema({ points: ["a"] }, schema)).success, false, "no title");
  });
});
