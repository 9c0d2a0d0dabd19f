import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { contentExcerpt, contentLabels, insightPreview, moreInsightsLabel, studyPreview, truncate } from "./display";

describe("library display rules (SPEC §2, §9)", () => {
  test("labels", () => {
    assert.deepEqual(contentLabels, { book: "Book Excerpt", blog: "Blog Post", quote: "Quote", audio: "Audio" });
  });

  test("the excerpt is the AI summary, else up to 200 characters of the transcript", () => {
    const transcript = "x".repeat(250);
    assert.deepEqual(contentExcerpt({ aiSummary: "A summary.", transcript }), { kind: "summary", text: "A summary." });
    assert.deepEqual(contentExcerpt({ aiSummary: null, transcript }), { kind: "transcript", text: `${"x".repeat(200)}...` });
    assert.deepEqual(contentExcerpt({ aiSummary: "  ", transcript: "Short quote." }), { kind: "transcript", text: "Short quote." });
    assert.equal(contentExcerpt({ aiSummary: null, transcript: "y".repeat(200) }).text, "y".repeat(200));
  });

  test("at most 3 insights, then +N more insights", () => {
    assert.deepEqual(insightPreview(["a", "b"]), { shown: ["a", "b"], more: 0 });
    assert.deepEqual(insightPreview(["a", "b", "c", "d", "e"]), { shown: ["a", "b", "c"], more: 2 });
    assert.deepEqual(insightPreview(null), { shown: [], more: 0 });
    assert.equal(moreInsightsLabel(2), "+2 more insights");
  });

  test("a saved study preview is 150 characters", () => {
    assert.equal(studyPreview("z".repeat(151)), `${"z".repeat(150)}...`);
    assert.equal(studyPreview("short"), "short");
    assert.equal(truncate("abc", 3), "abc");
  });
});
