import assert from "node:assert/strict";
import { test } from "node:test";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { NotFoundError, ReplicaWriteError, TooManyRequestsError, ValidationError } from "./errors";
import { refusalReply } from "./refusal.server";

const schema = z.object({ email: z.string(), password: z.string() });

function submitted() {
  const form = new FormData();
  form.set("email", "a@b.c");
  form.set("password", "secret-words");
  return parseWithZod(form, { schema });
}

test("a refusal is conform's reply with the message as the form's error, with its status", () => {
  const answer = refusalReply(new NotFoundError("Reading plan not found"), {
    submission: submitted(),
    hide: ["password"],
    extra: { intent: "start" },
  });
  assert.equal(answer.init?.status, 404);
  assert.equal(answer.data.error, "Reading plan not found");
  assert.equal(answer.data.intent, "start");
  assert.deepEqual(answer.data.result.error, { "": ["Reading plan not found"] });
  assert.equal(answer.data.result.initialValue?.email, "a@b.c");
  assert.ok(!JSON.stringify(answer.data).includes("secret-words"));
});

test("field errors go beside their fields; a refusal naming none goes beside the field asked", () => {
  const named = refusalReply(new ValidationError("Too short", { password: ["Too short"] }), {
    submission: submitted(),
  });
  assert.deepEqual(named.data.result.error, { "": ["Too short"], password: ["Too short"] });
  const unnamed = refusalReply(new TooManyRequestsError("Too many tries", 60), { field: "password" });
  assert.deepEqual(unnamed.data.result.error, { password: ["Too many tries"] });
  assert.equal(unnamed.init?.status, 429);
  assert.equal(new Headers(unnamed.init?.headers).get("retry-after"), "60");
});

test("anything else is not a refusal and goes on up, as does a write for the primary", () => {
  assert.throws(() => refusalReply(new Error("boom")), /boom/);
  assert.throws(() => refusalReply(new ReplicaWriteError("primary-1")), ReplicaWriteError);
});
