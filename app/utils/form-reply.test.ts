import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldsNotToEcho } from "./form-reply";

test("a reply leaves out values longer than any field takes, long lists and the fields never echoed", () => {
  const payload = { email: "a@b.c", title: "x".repeat(2_001), teachers: Array.from({ length: 101 }, () => "t"), note: ["ok", "y".repeat(5_000)] };
  assert.deepEqual(fieldsNotToEcho(payload, ["password"]).sort(), ["note", "password", "teachers", "title"]);
  assert.deepEqual(fieldsNotToEcho({ email: "a@b.c", title: "x".repeat(2_000) }), []);
  assert.deepEqual(fieldsNotToEcho({ email: "a@b.c", ["k".repeat(101)]: "v" }), ["k".repeat(101)]);
});
