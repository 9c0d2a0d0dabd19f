import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldsNotToEcho, replyWithoutEcho } from "./form-reply";

test("a reply leaves out values longer than any field takes, long lists and the fields never echoed", () => {
  const payload = { email: "a@b.c", title: "x".repeat(2_001), teachers: Array.from({ length: 101 }, () => "t"), note: ["ok", "y".repeat(5_000)] };
  assert.deepEqual(fieldsNotToEcho(payload, ["password"]).sort(), ["note", "password", "teachers", "title"]);
  assert.deepEqual(fieldsNotToEcho({ email: "a@b.c", title: "x".repeat(2_000) }), []);
  assert.deepEqual(fieldsNotToEcho({ email: "a@b.c", ["k".repeat(101)]: "v" }), ["k".repeat(101)]);
});

test("a reply names no hostile field, in its values, errors or list of fields", async () => {
  const { parseWithZod } = await import("@conform-to/zod/v4");
  const { z } = await import("zod");
  const form = new FormData();
  form.set("email", "x".repeat(3_000));
  form.set("k".repeat(500), "v");
  const submission = parseWithZod(form, { schema: z.object({ email: z.string().max(254) }) });
  const text = JSON.stringify(replyWithoutEcho(submission));
  assert.ok(text.length < 1_000, text.slice(0, 200));
  assert.ok(!text.includes("kkkkkkkkkk") && !text.includes("xxxxxxxxxx"));
});
