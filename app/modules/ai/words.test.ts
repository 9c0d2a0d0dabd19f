import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLinear } from "../../../tests/support/hostile-text";
import { countWords } from "./words";

test("countWords counts what a reader reads, not the markup", () => {
  assert.equal(countWords(""), 0);
  assert.equal(countWords("## John 3: Faith\n\n> For God so loved — John 3:16 (BSB)"), 10);
  assert.equal(countWords("- one\n- two\n1. three"), 3);
  assert.equal(countWords("**bold** and _italic_ don't"), 4);
  assert.equal(countWords("[a link](https://example.com) here"), 3);
});

test("countWords takes linear time on hostile markdown", () => {
  assertLinear((text) => countWords(`${text} [](${text}`));
});
