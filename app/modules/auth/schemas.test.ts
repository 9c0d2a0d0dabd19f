import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLinear } from "../../../tests/support/hostile-text";
import { loginSchema, looksLikeEmail, registerApiSchema, registerFormSchema } from "./schemas";

const emailMessages = (email: unknown) => {
  const result = loginSchema.safeParse({ email, password: "x" });
  return result.success ? result.data.email : result.error.issues.map((issue) => issue.message);
};

test("an email is trimmed and lowercased; a missing, long or shapeless one has its own message", () => {
  assert.equal(emailMessages("  Bob@Example.COM "), "bob@example.com");
  assert.equal(emailMessages("a@b.c"), "a@b.c");
  assert.deepEqual(emailMessages("   "), ["Email is required"]);
  assert.deepEqual(emailMessages(42), ["Email is required"]);
  assert.deepEqual(emailMessages(`${"a".repeat(250)}@b.co`), ["Email is too long"]);
  assert.deepEqual(emailMessages("not-an-email"), ["Please enter a valid email address"]);
});

test("the email shape: one @, no spaces, a dot inside the domain", () => {
  for (const good of ["a@b.c", "a.b@c.d.e", "a@.b.c", "a@b..c", "é@ü.ö", "x+tag@host.museum"]) {
    assert.equal(looksLikeEmail(good), true, good);
  }
  for (const bad of [
    "",
    "a",
    "@b.c",
    "a@",
    "a@b",
    "a@b.",
    "a@.b",
    "a@@b.c",
    "a@b.c@d.e",
    "a b@c.d",
    "a@b\t.c",
    "a@b.c\n",
  ]) {
    assert.equal(looksLikeEmail(bad), false, JSON.stringify(bad));
  }
});

test("hostile emails are refused in linear time (160,000 dots between two @ took 15 s)", () => {
  assertLinear((text) => looksLikeEmail(text));
  for (const schema of [loginSchema, registerApiSchema, registerFormSchema]) {
    assertLinear((text) => schema.safeParse({ email: `a@${text}@`, password: "secret1", confirmPassword: "secret1" }));
    assertLinear((text) => schema.safeParse({ email: text, password: "secret1", confirmPassword: "secret1" }));
  }
});
