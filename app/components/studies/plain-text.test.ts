import assert from "node:assert/strict";
import { test } from "node:test";
import { lessonPlainText } from "./plain-text";

test("a lesson as plain text: headings, emphasis, quotes, lists and links", () => {
  const markdown = [
    "## Key Scriptures",
    "",
    "**Faith** is *trust* (Romans 4:5).",
    "",
    "> For by grace you have been saved. — Ephesians 2:8",
    "",
    "",
    "",
    "* Read [the notes](https://example.com)",
    "1. Pray",
  ].join("\n");
  assert.equal(
    lessonPlainText(markdown),
    [
      "KEY SCRIPTURES",
      "",
      "Faith is trust (Romans 4:5).",
      "",
      "    For by grace you have been saved. — Ephesians 2:8",
      "",
      "- Read the notes (https://example.com)",
      "1. Pray",
    ].join("\n"),
  );
});

test("nested lists indent under their item; a quote's paragraphs stay indented", () => {
  assert.equal(
    lessonPlainText("1. Read\n   - slowly\n2. Pray\n\n> First line.\n>\n> Second **line**."),
    ["1. Read", "   - slowly", "2. Pray", "", "    First line.", "", "    Second line."].join("\n"),
  );
});
