import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SPEECH_RATE, splitForSpeech } from "./read-aloud";

describe("splitForSpeech", () => {
  test("keeps short text whole and tidies its spaces", () => {
    assert.deepEqual(splitForSpeech("  In the beginning\n\n was the Word.  "), ["In the beginning was the Word."]);
  });

  test("nothing to say gives no parts", () => {
    assert.deepEqual(splitForSpeech("   \n "), []);
  });

  test("groups sentences into parts of at most the given size, in order", () => {
    const text = "One two three. Four five six. Seven eight nine. Ten.";
    const parts = splitForSpeech(text, 30);
    assert.deepEqual(parts, ["One two three. Four five six.", "Seven eight nine. Ten."]);
    assert.ok(parts.every((part) => part.length <= 30));
    assert.equal(parts.join(" "), text);
  });

  test("cuts an over-long sentence at spaces", () => {
    const sentence = Array.from({ length: 80 }, (_, index) => `word${index}`).join(" ");
    const parts = splitForSpeech(sentence, 200);
    assert.ok(parts.length > 1);
    assert.ok(parts.every((part) => part.length <= 200));
    assert.equal(parts.join(" "), sentence);
  });

  test("the rate is the spec's 0.9", () => {
    assert.equal(SPEECH_RATE, 0.9);
  });
});
