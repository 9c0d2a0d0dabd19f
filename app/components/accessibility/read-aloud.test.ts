import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readVerses, SPEECH_RATE, splitForSpeech, stopReading } from "./read-aloud";

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

describe("readVerses", () => {
  /** A speech engine that records what it was given and plays each utterance's events on demand. */
  function fakeSpeech() {
    const spoken: Array<{ text: string; rate: number; onstart?: () => void; onend?: () => void }> = [];
    class Utterance {
      rate = 1;
      lang = "";
      onstart?: () => void;
      onend?: () => void;
      onerror?: () => void;
      constructor(public text: string) {}
    }
    const speech = {
      speechSynthesis: {
        speaking: false,
        pending: false,
        cancel: () => {},
        speak: (utterance: Utterance) => void spoken.push(utterance),
      },
      SpeechSynthesisUtterance: Utterance,
    };
    return { speech: speech as unknown as Parameters<typeof readVerses>[2], spoken };
  }

  test("each verse is announced as it starts, in order, and null when the reading ends", () => {
    const { speech, spoken } = fakeSpeech();
    const heard: Array<string | null> = [];
    const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ") + ".";
    const started = readVerses(
      [
        { id: "v1", text: "The LORD is my shepherd; I shall not want." },
        { id: "v2", text: long },
        { id: "v3", text: "He restores my soul." },
      ],
      (id) => heard.push(id),
      speech,
    );
    assert.equal(started, true);
    // The long verse is spoken in parts; only its first part announces it.
    assert.ok(splitForSpeech(long).length > 1);
    assert.equal(spoken.length, 2 + splitForSpeech(long).length);
    assert.ok(spoken.every((utterance) => utterance.rate === SPEECH_RATE));
    for (const utterance of spoken) {
      utterance.onstart?.();
      utterance.onend?.();
    }
    assert.deepEqual(heard, ["v1", "v2", "v3", null]);
  });

  test("stopping ends the following along; nothing to read says so", () => {
    const { speech, spoken } = fakeSpeech();
    const heard: Array<string | null> = [];
    readVerses([{ id: "v1", text: "Jesus wept." }], (id) => heard.push(id), speech);
    spoken[0]!.onstart?.();
    stopReading();
    assert.deepEqual(heard, ["v1", null]);
    assert.equal(
      readVerses([{ id: "v1", text: "  " }], () => {}, speech),
      false,
    );
  });
});
