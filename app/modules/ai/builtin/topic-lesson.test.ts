import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { findReferences } from "~/modules/bible/references.server";
import { splitStudySections } from "~/modules/lesson-format/markdown";
import { AppError } from "~/utils/errors";
import { defaultAiSettings, type AiSettingsInput } from "../settings";
import { lessonFromTopic } from "./lessons.server";
import { topicById } from "./topic-anchors";
import { wordCount } from "./text";

const settings = defaultAiSettings;
const beginner: AiSettingsInput = { ...settings, targetAudience: "Beginner" };
const advanced: AiSettingsInput = { ...settings, targetAudience: "Advanced" };

function section(content: string, title: string) {
  return splitStudySections(content).sections.find((part) => part.title === title)?.body ?? "";
}

/** The passages the lesson reads: the headings under Key Scriptures. */
function keyRanges(content: string) {
  const headings = section(content, "Key Scriptures").match(/^### .*$/gm) ?? [];
  return findReferences(headings.join("\n"))
    .filter((reference) => reference.valid)
    .flatMap((reference) => reference.ranges);
}

const overlaps = (ranges: Array<{ start: number; end: number }>, others: Array<{ start: number; end: number }>) =>
  ranges.some((range) => others.some((other) => range.start <= other.end && other.start <= range.end));

describe("a topic lesson on two topics joined ('Pride and humility')", () => {
  const pride = topicById("pride")!;
  const humility = topicById("humility")!;

  test("reads 4 or 5 passages, the best of each topic in turn, none twice, under a title naming both", () => {
    for (const voice of [settings, beginner, advanced]) {
      const lesson = lessonFromTopic({ topic: "Pride and humility", settings: voice });
      assert.match(lesson.title, /^Pride and Humility: /);
      const read = keyRanges(lesson.content);
      const headings = section(lesson.content, "Key Scriptures").match(/^### /gm) ?? [];
      assert.ok(headings.length >= 4 && headings.length <= 5, `${headings.length} passages`);
      assert.ok(overlaps(read, pride.anchors[0]!.ranges) && overlaps(read, humility.anchors[0]!.ranges));
      const starts = read.map((range) => range.start);
      assert.equal(new Set(starts).size, starts.length, "no passage twice");
    }
  });

  test("asks the reviewed questions and practice of both, and prays both reviewed prayers as one", () => {
    const lesson = lessonFromTopic({ topic: "Pride and humility", settings });
    const asked = (question: string) => question.replace(/[^A-Za-z ]/g, "").slice(20, 80);
    const questions = section(lesson.content, "Discussion Questions").replace(/[^A-Za-z ]/g, "");
    for (const topic of [pride, humility])
      assert.ok(
        topic.questions.some((question) => questions.includes(asked(question))),
        `a question of ${topic.id}`,
      );
    const practice = section(lesson.content, "Application Points");
    for (const topic of [pride, humility]) assert.ok(practice.includes(topic.practice[0]!), topic.id);
    const prayer = section(lesson.content, "Closing Prayer");
    assert.ok(prayer.startsWith(pride.prayer.replace(/ Amen\.$/, "")), "the first prayer, without its Amen");
    assert.ok(prayer.endsWith(humility.prayer), "then the second");
    assert.equal(prayer.match(/Amen/g)?.length, 1);
  });

  test("keeps a lesson's usual length: no longer than the longer of its two topics' lessons by more than a fifth", () => {
    for (const voice of [settings, beginner, advanced]) {
      const pair = wordCount(lessonFromTopic({ topic: "Pride and humility", settings: voice }).content);
      const single = Math.max(
        ...["Pride", "Humility"].map((topic) => wordCount(lessonFromTopic({ topic, settings: voice }).content)),
      );
      assert.ok(pair <= single * 1.2, `${pair} words against ${single}`);
    }
  });

  test("is refused with the closest topics when one half is unknown", () => {
    assert.throws(
      () => lessonFromTopic({ topic: "Pride and xylophones", settings }),
      (error: unknown) =>
        error instanceof AppError &&
        error.status === 422 &&
        /no reviewed passages for “Pride and xylophones”/.test(error.message) &&
        error.details?.suggestions?.[0] === "Pride",
    );
  });
});

test("a person or setting the passages never speak of is named near the top, once", () => {
  const lesson = lessonFromTopic({ topic: "Parenting teenagers", settings });
  const opening = lesson.content.split("\n\n")[0]!;
  assert.match(opening, /\*Parenting\*/);
  assert.match(opening, /“teenagers”/);
  assert.equal(lesson.content.match(/“teenagers”/g)?.length, 1);
  assert.doesNotMatch(lessonFromTopic({ topic: "Parenting", settings }).content, /teenagers/);
});

test("the closing prayer is the topic's reviewed prayer, never thanks 'for (a reference)'", () => {
  for (const [query, id] of [
    ["Parenting", "parenting"],
    ["Fear of death", "death"],
    ["Grief", "grief"],
    ["Church conflict", "church-conflict"],
  ] as const)
    for (const voice of [settings, beginner, advanced, { ...settings, tone: "Conversational" } as AiSettingsInput]) {
      const lesson = lessonFromTopic({ topic: query, settings: voice });
      assert.equal(section(lesson.content, "Closing Prayer"), topicById(id)!.prayer, `${query}, ${voice.tone}`);
      assert.doesNotMatch(lesson.content, /thank you for \(/i);
    }
});

test("a reviewed command is offered to obey only where it speaks of the topic", () => {
  // Hebrews 13:5 is an anchor of loneliness for "I will never leave you"; its command is about money.
  const lonely = lessonFromTopic({ topic: "Loneliness", settings }).content;
  assert.doesNotMatch(lonely, /\*\*Obey:\*\*[^\n]*love of money/);
  assert.match(lonely, /Hebrews 13:5/);
  // Micah 6:8's "walk humbly" is the topic itself.
  assert.match(lessonFromTopic({ topic: "Pride and humility", settings }).content, /\*\*Obey:\*\* \(Micah 6:8\)/);
});
