import assert from "node:assert/strict";
import { test } from "node:test";
import { devotionExcerpt } from "./excerpt.server";

test("the title and the first prose, past the translation line, headings and quotes", () => {
  const markdown = [
    "## John 1: Witness to the Nations",
    "*John 1 · Berean Standard Bible (BSB)*",
    "### The Verse",
    "> In the beginning was the Word. — John 1:1 (BSB)",
    "Come to today's reading **unhurried**, the way you would sit down with a friend.",
  ].join("\n\n");
  assert.deepEqual(devotionExcerpt(markdown), {
    title: "John 1: Witness to the Nations",
    opening: "Come to today's reading unhurried, the way you would sit down with a friend.",
  });
});

test("stops after the word limit with an ellipsis, across paragraphs", () => {
  const markdown = "one two three\n\nfour five, six seven";
  assert.deepEqual(devotionExcerpt(markdown, 5), { title: null, opening: "one two three four five…" });
  assert.equal(devotionExcerpt(markdown, 7).opening, "one two three four five, six seven");
});
