import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hopeLesson } from "../../../../tests/fixtures/lessons";
import { lessonMarkdown, type ScriptureLookup } from "~/modules/lesson-format/lesson-markdown";
import { defaultAiSettings } from "../settings";
import {
  lessonSystemPrompt,
  passageLessonMessages,
  passageLessonSchema,
  topicLessonMessages,
  topicLessonSchema,
} from "./lessons";

const bsb = { requested: "NKJV", shown: "BSB", shownName: "Berean Standard Bible" };
const kjv = { requested: "KJV", shown: "KJV", shownName: "King James Version" };

describe("lesson prompts", () => {
  test("the system prompt carries every voice setting", () => {
    const prompt = lessonSystemPrompt(
      {
        ...defaultAiSettings,
        tone: "Formal",
        writingStyle: "Expository",
        targetAudience: "Beginner",
        languageComplexity: "Simple",
        citationFormat: "Endnotes",
      },
      kjv,
    );
    assert.match(prompt, /Tone: Formal/);
    assert.match(prompt, /Writing style: Expository/);
    assert.match(prompt, /Audience: Beginner, people new to the Bible/);
    assert.match(prompt, /Language: Simple, simple words and short sentences/);
    assert.match(prompt, /lists every citation at the end/);
    assert.match(prompt, /quotes Scripture from the King James Version \(KJV\)\./);
    assert.match(prompt, /Never invent a reference/);
  });

  test("a translation that is not shipped is named as the preference, never as what is quoted", () => {
    const prompt = lessonSystemPrompt(defaultAiSettings, bsb);
    assert.match(
      prompt,
      /prefers the NKJV, which is not available here; the app quotes Scripture from the Berean Standard Bible \(BSB\) instead/,
    );
    assert.match(prompt, /Do not claim to quote the NKJV/);
    assert.match(prompt, /Tone: Pastoral/);
    assert.match(prompt, /Cite Scripture inline, in parentheses/);
  });

  test("the topic request names the topic, its reviewed anchors and how their verses may be used", () => {
    const messages = topicLessonMessages({
      topic: "church fights",
      settings: defaultAiSettings,
      translation: bsb,
      guidance: {
        asked: "church fights",
        topic: {
          name: "Church conflict",
          anchors: [
            { reference: "Matthew 18:15-20", why: "Go to the one who sinned against you, first alone." },
            { reference: "Philippians 4:2-3", why: "Paul pleads with two women to agree in the Lord." },
          ],
        },
        closest: [],
        widening: ["Acts 15:36-41"],
      },
      use: {
        roles: [{ kind: "command", reference: "Matthew 18:15", speaker: "Jesus", addressee: "his disciples" }],
        never: [],
      },
    });
    assert.equal(messages.length, 2);
    assert.equal(messages[0]!.role, "system");
    const user = String(messages[1]!.content);
    assert.match(user, /topic "church fights"/);
    assert.match(user, /Anchor passages a pastor chose for "Church conflict"/);
    assert.match(user, /- Matthew 18:15-20: Go to the one who sinned against you, first alone\./);
    assert.match(user, /topical index lists under it \(use the ones that fit\): Acts 15:36-41\./);
    assert.match(user, /- Command for believers: Matthew 18:15 \(Jesus, to his disciples\)/);
    assert.match(user, /When unsure, ask the reader/);
  });

  test("a topic with no reviewed passages says so, names the closest, and forbids word coincidences", () => {
    const user = String(
      topicLessonMessages({
        topic: "xylophone care",
        settings: defaultAiSettings,
        translation: bsb,
        guidance: { asked: "xylophone care", topic: null, closest: ["Music and worship", "Stewardship"], widening: [] },
      })[1]!.content,
    );
    assert.match(
      user,
      /"xylophone care" is not one of the topics the app has reviewed passages for \(the closest are Music and worship, Stewardship\)/,
    );
    assert.match(user, /Never build on a passage that merely shares a word with the topic/);
    assert.doesNotMatch(user, /Anchor passages/);
  });

  test("verses never to be applied are named with the reason", () => {
    const user = String(
      passageLessonMessages({
        reference: "Jonah 4",
        verses: [{ chapter: 4, verse: 3, text: "Now, O LORD, please take my life from me" }],
        settings: defaultAiSettings,
        translation: bsb,
        use: { roles: [], never: [{ reference: "Jonah 4:3", why: "Jonah's wish to die, rebuked by God" }] },
      })[1]!.content,
    );
    assert.match(
      user,
      /- Never present as a promise, a command, a memory verse or a prayer to pray: Jonah 4:3 \(Jonah's wish to die, rebuked by God\)/,
    );
  });

  test("the passage request carries the numbered text", () => {
    const messages = passageLessonMessages({
      reference: "John 3:16-17",
      verses: [
        { chapter: 3, verse: 16, text: "For God so loved the world" },
        { chapter: 3, verse: 17, text: "For God did not send His Son" },
      ],
      settings: defaultAiSettings,
      translation: bsb,
    });
    assert.match(String(messages[1]!.content), /on John 3:16-17/);
    assert.match(
      String(messages[1]!.content),
      /\(BSB\): \[3:16\] For God so loved the world \[17\] For God did not send His Son/,
    );
    assert.match(String(messages[1]!.content), /outline of the passage by verse groups/);
  });

  test("the schemas reject a lesson missing its parts", () => {
    assert.equal(topicLessonSchema.safeParse({ title: "T" }).success, false);
    // A whole topic lesson; no cross references is allowed.
    const lesson = { ...hopeLesson, crossReferences: [] };
    assert.equal(topicLessonSchema.safeParse(lesson).success, true);
    assert.equal(
      passageLessonSchema.safeParse(lesson).success,
      false,
      "a passage lesson needs its outline and key words",
    );
  });
});

describe("lesson markdown from a model's answer", () => {
  const lookup: ScriptureLookup = (reference) => {
    const known: Record<string, { label: string; text: string }> = {
      "James 2:17": { label: "James 2:17", text: "So too, faith by itself, if it does not result in action, is dead." },
      "Jas 2:17": { label: "James 2:17", text: "So too, faith by itself, if it does not result in action, is dead." },
      "Hebrews 11:6": { label: "Hebrews 11:6", text: "And without faith it is impossible to please God," },
    };
    const entry = known[reference.trim()];
    return entry ? { label: entry.label, verses: [{ chapter: 2, verse: 17, text: entry.text }] } : null;
  };
  const options = {
    lookup,
    translationLabel: "Berean Standard Bible (BSB)",
  };

  test("the overview comes first, then the sections, with the verse text quoted from our Bible", () => {
    const markdown = lessonMarkdown(
      {
        title: "Faith that works",
        overview: "Faith shows itself.",
        keyScriptures: [{ reference: "Jas 2:17", insight: "Faith acts." }],
        discussionQuestions: ["What is dead faith?"],
        applicationPoints: ["Act on your faith (Hebrews 11:6)."],
        crossReferences: [{ reference: "Hebrews 11:6", note: "Faith pleases God." }],
        groupActivity: "Pairs share one way to act.",
        closingPrayer: "Amen.",
      },
      options,
    );
    // The translation note is the lesson header's badge, not a line of the text.
    assert.ok(markdown.startsWith("Faith shows itself.\n\n## Key Scriptures"));
    assert.match(
      markdown,
      /### \(James 2:17\)\n\n> So too, faith by itself, if it does not result in action, is dead\.\n\nFaith acts\./,
    );
    assert.match(markdown, /## Discussion Questions\n\n1\. What is dead faith\?/);
    assert.match(markdown, /## Cross-References\n\n- \(Hebrews 11:6\) Faith pleases God\./);
    assert.match(markdown, /## Group Activity\n\nPairs share one way to act\./);
  });

  test("a reference that does not exist is marked and not quoted", () => {
    const markdown = lessonMarkdown({ keyScriptures: [{ reference: "Hezekiah 4:1", insight: "Made up." }] }, options);
    assert.match(markdown, /### Hezekiah 4:1 \(reference not found\)\n\nMade up\./);
    assert.doesNotMatch(markdown, /\(Hezekiah 4:1\)/);
  });

  test("partial answers render what has arrived; model headings and HTML are neutralised", () => {
    assert.equal(lessonMarkdown({}, options), "");
    const partial = lessonMarkdown(
      { overview: "## Sneaky heading\n<b>Bold</b> start", keyScriptures: [{ reference: "James 2:17" }, {}] },
      options,
    );
    assert.ok(partial.startsWith("Sneaky heading\nBold start"));
    assert.match(partial, /### \(James 2:17\)/);
  });

  test("footnote and endnote settings list the citations at the end", () => {
    const markdown = lessonMarkdown(
      { overview: "Intro (James 2:17).", applicationPoints: ["Please God (Hebrews 11:6) (not a reference)."] },
      { ...options, listCitations: "Endnotes" },
    );
    assert.match(
      markdown,
      /## Scripture Index\n\nEvery passage cited in this lesson, in order of appearance:\n\n1\. \(James 2:17\)\n2\. \(Hebrews 11:6\)$/,
    );
  });
});
