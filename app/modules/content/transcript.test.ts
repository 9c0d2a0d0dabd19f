import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { capTranscript, MAX_TRANSCRIPT_CHARS } from "./transcript";

describe("capTranscript", () => {
  test("keeps a transcript up to the cap whole, and the first 200,000 characters of a longer one", () => {
    const atCap = "a".repeat(MAX_TRANSCRIPT_CHARS);
    assert.equal(capTranscript(atCap), atCap);
    assert.equal(capTranscript(`${atCap}bcd`), atCap);
    assert.equal(MAX_TRANSCRIPT_CHARS, 200_000);
  });

  test("does not cut an emoji in half at the boundary", () => {
    const text = `${"a".repeat(MAX_TRANSCRIPT_CHARS - 1)}😀 and more`;
    const capped = capTranscript(text);
    assert.equal(capped, "a".repeat(MAX_TRANSCRIPT_CHARS - 1));
    assert.ok(!/[\uD800-\uDBFF]$/.test(capped));
  });
});
