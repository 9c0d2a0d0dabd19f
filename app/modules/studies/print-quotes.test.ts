import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { versesFor } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { printQuotesFor } from "./print-quotes.server";

function quotedInFull(reference: string) {
  const parsed = parseReference(reference);
  assert.ok(parsed.ok);
  return versesFor(parsed.ranges, "BSB")
    .map((verse) => `**${verse.verse}** ${verse.text}`)
    .join(" ");
}

describe("the scripture a printed lesson quotes in full", () => {
  test("every cited passage, in the order first cited, once", () => {
    const printed = printQuotesFor("Read (John 10:11), then (Isaiah 40:11) and (John 10:11) again.", "BSB");
    assert.deepEqual(
      printed.quotes.map((quote) => quote.reference),
      ["John 10:11", "Isaiah 40:11"],
    );
    assert.equal(printed.translation, "BSB");
  });

  test("a passage the lesson already quotes, or a part of it, is not printed a second time", () => {
    const lesson = `## Key Scriptures\n\n> ${quotedInFull("Psalm 23")}\n\n## Questions\n\n1. What does (Psalm 23:1-2) say? And (Psalm 23)?\n2. Compare (John 10:11).`;
    assert.deepEqual(
      printQuotesFor(lesson, "BSB").quotes.map((quote) => quote.reference),
      ["John 10:11"],
    );
  });

  test("a passage quoted only in part is printed whole, and its rest cited later is not printed again", () => {
    const lesson = `### (Matthew 18:21-35)\n\n> ${quotedInFull("Matthew 18:21-26")}\n\nRead on (Matthew 18:27-35).`;
    const quotes = printQuotesFor(lesson, "BSB").quotes;
    assert.deepEqual(
      quotes.map((quote) => [quote.reference, quote.verses.length]),
      [["Matthew 18:21-35", 15]],
    );
  });
});
