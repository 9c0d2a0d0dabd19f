import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  contentExcerpt,
  contentLabels,
  insightPreview,
  LISTED_TRANSCRIPT_LENGTH,
  moreInsightsLabel,
  studyPreview,
  truncate,
  withTranscriptExcerpt,
} from "./display";

describe("library display rules (SPEC §2, §9)", () => {
  test("labels", () => {
    assert.deepEqual(contentLabels, { book: "Book Excerpt", blog: "Blog Post", quote: "Quote", audio: "Audio" });
  });

  test("the excerpt is the AI summary, else up to 200 characters of the transcript", () => {
    const transcript = "x".repeat(250);
    assert.deepEqual(contentExcerpt({ aiSummary: "A summary.", transcript }), { kind: "summary", text: "A summary." });
    assert.deepEqual(contentExcerpt({ aiSummary: null, transcript }), {
      kind: "transcript",
      text: `${"x".repeat(200)}...`,
    });
    assert.deepEqual(contentExcerpt({ aiSummary: "  ", transcript: "Short quote." }), {
      kind: "transcript",
      text: "Short quote.",
    });
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

describe("withTranscriptExcerpt (GET /api/sermons)", () => {
  const listed = (transcript: string, transcriptLength = transcript.length) => ({ transcript, transcriptLength });

  test("a short transcript is whole", () => {
    assert.deepEqual(withTranscriptExcerpt(listed("Short and sweet.")), {
      transcript: "Short and sweet.",
      transcriptLength: 16,
      transcriptTruncated: false,
    });
  });

  test("a long one is cut at the last word boundary within 500 characters", () => {
    const words = "grace upon grace ".repeat(40);
    const item = withTranscriptExcerpt(listed(words.slice(0, LISTED_TRANSCRIPT_LENGTH + 1), words.length));
    assert.equal(item.transcriptTruncated, true);
    assert.equal(item.transcriptLength, words.length);
    assert.ok(item.transcript.length <= LISTED_TRANSCRIPT_LENGTH);
    assert.ok(words.startsWith(item.transcript));
    assert.match(item.transcript, /(grace|upon)$/);
    assert.ok(/\s/.test(words[item.transcript.length]!), "the cut is at the end of a word");
  });

  test("a cut just before a space keeps the whole last word; text without spaces is cut mid-word", () => {
    const exact = `${"a".repeat(LISTED_TRANSCRIPT_LENGTH)} next`;
    assert.equal(withTranscriptExcerpt(listed(exact.slice(0, 501), exact.length)).transcript, "a".repeat(500));
    const unbroken = "b".repeat(900);
    assert.equal(withTranscriptExcerpt(listed(unbroken.slice(0, 501), 900)).transcript, "b".repeat(500));
  });
});
