import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultAiSettings } from "../settings";
import { devotionalMessages, MAX_PASSAGE_CHARACTERS } from "./devotional";

const passage = {
  reference: "Psalm 23",
  translationCode: "BSB",
  translationName: "Berean Standard Bible",
  verses: [
    { chapter: 23, verse: 1, text: "The LORD is my shepherd; I shall not want." },
    { chapter: 23, verse: 2, text: "He makes me lie down in green pastures; He leads me beside quiet waters." },
  ],
};

test("the prompt carries the level, the word range, the settings and the passage", () => {
  const [system, user] = devotionalMessages({
    passages: [passage],
    level: "deep",
    wordLimit: 800,
    settings: { ...defaultAiSettings, tone: "Inspirational", writingStyle: "Expository", citationFormat: "Footnotes" },
  });
  assert.equal(system!.role, "system");
  assert.match(system!.content, /Markdown/);
  assert.match(system!.content, /Never use HTML/);
  assert.match(system!.content, /label every quote with its reference and "BSB"/);
  assert.match(user!.content, /Write the Deep Study devotional/);
  assert.match(user!.content, /about 800 words \(between 720 and 880 words\)/);
  assert.match(user!.content, /Tone: Inspirational\. Writing style: Expository\./);
  assert.match(user!.content, /Citation format: Footnotes/);
  assert.match(
    user!.content,
    /Psalm 23 \(Berean Standard Bible, BSB\)\n23:1 The LORD is my shepherd; I shall not want\.\n23:2 He makes me lie down/,
  );
});

test("each level asks for its own depth", () => {
  const text = (level: "beginner" | "intermediate" | "deep") =>
    devotionalMessages({ passages: [passage], level, wordLimit: 300, settings: defaultAiSettings })[1]!.content;
  assert.match(text("beginner"), /Beginner: for someone new to the Bible/);
  assert.match(text("intermediate"), /Intermediate: for a regular reader/);
  assert.match(text("deep"), /historical and literary context/);
});

test("a very long reading is trimmed, and says so", () => {
  const long = {
    ...passage,
    verses: Array.from({ length: 2000 }, (_, index) => ({
      chapter: 119,
      verse: index + 1,
      text: "Your word is a lamp to my feet and a light to my path.",
    })),
  };
  const user = devotionalMessages({
    passages: [long],
    level: "beginner",
    wordLimit: 300,
    settings: defaultAiSettings,
  })[1]!.content;
  assert.ok(user.length < MAX_PASSAGE_CHARACTERS + 2000);
  assert.match(user, /the rest of the passage is left out for length/);
});
