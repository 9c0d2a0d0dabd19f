import assert from "node:assert/strict";
import { test } from "node:test";
import { countWords } from "./words";

test("countWords counts what a reader reads, not the markup", () => {
  assert.equal(countWords(""), 0);
  assert.equal(countWords("## John 3: Faith\n\n> For God so loved — John 3:16 (BSB)"), 10);
  assert.equal(countWords("- one\n- two\n1. three"), 3);
  assert.equal(countWords("**bold** and _italic_ don't"), 4);
  assert.equal(countWords("[a link](https://example.com) here"), 3);
});

test("a text's count is the sum of its paragraphs' (each parsed once), however the paragraphs repeat", () => {
  const paragraph = "Grace *upon* grace (John 1:16).";
  assert.equal(countWords(paragraph), 5);
  assert.equal(countWords([paragraph, paragraph, "## Two", paragraph].join("\n\n")), 16);
  // A fence with a blank line inside is still counted word for word.
  assert.equal(countWords("```\ncode one\n\ncode two\n```"), 4);
});
