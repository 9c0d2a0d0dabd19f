import assert from "node:assert/strict";
import { test } from "node:test";
import type { LaidOutVerse } from "~/modules/bible/layout";
import { previewPassages } from "./passage-preview";

const verse = (n: number, words: number, start?: LaidOutVerse["start"]): LaidOutVerse => ({
  chapter: 1,
  verse: n,
  text: Array.from({ length: words }, (_, i) => `w${i}`).join(" "),
  ...(start ? { start } : {}),
});

test("whole verses until about the word budget, the rest folded", () => {
  const passage = { reference: "John 1", verses: [verse(1, 20), verse(2, 20), verse(3, 20), verse(4, 20)] };
  const { opening, rest, restVerses } = previewPassages([passage], 45);
  assert.deepEqual(
    opening.map((v) => v.verse),
    [1, 2, 3],
  );
  assert.deepEqual(
    rest.map((part) => [part.passage.reference, part.verses.map((v) => v.verse), part.continued]),
    [["John 1", [4], true]],
  );
  assert.equal(restVerses, 1);
});

test("the opening stops at the first paragraph's end, but always holds one verse", () => {
  const passage = { verses: [verse(1, 80, "paragraph"), verse(2, 5, "paragraph"), verse(3, 5)] };
  assert.deepEqual(
    previewPassages([passage], 45).opening.map((v) => v.verse),
    [1],
  );
  const short = { verses: [verse(1, 5), verse(2, 5, "stanza"), verse(3, 5)] };
  assert.deepEqual(
    previewPassages([short], 45).opening.map((v) => v.verse),
    [1],
  );
});

test("a day of several passages folds the others whole after the first one's rest", () => {
  const a = { reference: "Matthew 28", verses: [verse(1, 10), verse(2, 10)] };
  const b = { reference: "Mark 1", verses: [verse(1, 10), verse(2, 10), verse(3, 10)] };
  const { opening, rest, restVerses } = previewPassages([a, b], 100);
  assert.equal(opening.length, 2);
  assert.deepEqual(
    rest.map((part) => [part.passage.reference, part.verses.length, part.continued]),
    [["Mark 1", 3, false]],
  );
  assert.equal(restVerses, 3);
});

test("no passages, nothing to show", () => {
  assert.deepEqual(previewPassages([]), { opening: [], rest: [], restVerses: 0 });
});
