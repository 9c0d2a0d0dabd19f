import assert from "node:assert/strict";
import { test } from "node:test";
import { scriptureBlocks } from "./layout";
import { layOutVerses } from "./layout.server";

const verse = (chapter: number, number: number) => ({ chapter, verse: number, text: `v${number}` });

test("Matthew 5: the Beatitudes are a stanza of poetry lines between prose paragraphs", () => {
  const verses = layOutVerses(
    "Matthew",
    [1, 2, 3, 4, 10, 11, 12, 13].map((n) => verse(5, n)),
  );
  assert.deepEqual(
    verses.map(({ verse: n, start, poetry }) => [n, start ?? "", poetry ?? false]),
    [
      [1, "paragraph", false],
      [2, "", false],
      [3, "stanza", true],
      [4, "", true],
      [10, "", true],
      [11, "paragraph", false],
      [12, "", false],
      [13, "paragraph", false],
    ],
  );
  assert.deepEqual(
    scriptureBlocks(verses).map((block) => [block.kind, block.verses.map((v) => v.verse)]),
    [
      ["prose", [1, 2]],
      ["poetry", [3, 4, 10]],
      ["prose", [11, 12]],
      ["prose", [13]],
    ],
  );
});

test("without a layout (an unknown book) a passage is one paragraph per chapter", () => {
  const verses = layOutVerses("Not a book", [verse(1, 1), verse(1, 2), verse(2, 1)]);
  assert.deepEqual(
    scriptureBlocks(verses).map((block) => [block.chapter, block.verses.length]),
    [
      [1, 2],
      [2, 1],
    ],
  );
});
