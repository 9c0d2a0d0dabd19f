import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldsNotToEcho, replyWithoutEcho } from "./form-reply";

test("a reply leaves out values longer than any field takes, long lists and the fields never echoed", () => {
  const payload = {
    email: "a@b.c",
    title: "x".repeat(2_001),
    teachers: Array.from({ length: 101 }, () => "t"),
    note: ["ok", "y".repeat(5_000)],
  };
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

test("a name nested 100,000 levels deep (a.b.c...) is dropped: the reply does not overflow the stack", async () => {
  const { parseWithZod } = await import("@conform-to/zod/v4");
  const { z } = await import("zod");
  const form = new FormData();
  form.set("step", "hasCompletedWelcome");
  form.set("favoriteTeachers[0]", "Tozer");
  form.set(". , ".repeat(100_000), "x");
  const submission = parseWithZod(form, {
    schema: z.object({ step: z.string(), favoriteTeachers: z.array(z.string()) }),
  });
  assert.equal(submission.status, "success");
  const reply = replyWithoutEcho(submission) as { initialValue?: Record<string, unknown> };
  assert.deepEqual(reply.initialValue, { step: "hasCompletedWelcome", favoriteTeachers: ["Tozer"] });
});
