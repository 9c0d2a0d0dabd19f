import assert from "node:assert/strict";
import { test } from "node:test";
import { getZodConstraint } from "@conform-to/zod/v4";
import { loginConstraint } from "./form-fields";
import { loginSchema } from "./schemas";

test("the sign-in form's written-out constraints are what the login schema derives", () => {
  assert.deepEqual(loginConstraint, getZodConstraint(loginSchema));
});
