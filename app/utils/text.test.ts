import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLinear } from "../../tests/support/hostile-text";
import { clipLongWords, trimTrailing } from "./text";

test("trimTrailing drops the matching characters at the end only", () => {
  assert.equal(trimTrailing("Jane Doe, ;:. ", /[,;:.\s]/), "Jane Doe");
  assert.equal(trimTrailing("a, b", /[,\s]/), "a, b");
  assert.equal(trimTrailing(",,,", /,/), "");
  assert.equal(trimTrailing("", /,/), "");
});

test("clipLongWords cuts only the words over the limit and keeps the spacing", () => {
  assert.equal(clipLongWords("short words\n\nstay", 5), "short words\n\nstay");
  assert.equal(clipLongWords(`a ${".".repeat(10)} b`, 3), "a ... b");
});

test("both take linear time on hostile text", () => {
  assertLinear((text) => trimTrailing(text, /[,;:.\s]/));
  assertLinear((text) => clipLongWords(text, 100));
});
