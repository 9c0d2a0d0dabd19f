import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getPassage } from "~/modules/bible/passages.server";
import { findReferences, formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { groundReferences, NOT_FOUND_MARK } from "~/modules/bible/grounding.server";
import { splitStudySections } from "~/modules/lesson-format/markdown";
import { defaultAiSettings, type AiSettingsInput } from "../settings";
import { content } from "./content";
import { lessonFromPassage, lessonFromTopic } from "./lessons.server";
import { matchTopic } from "./topic-anchors";
import { neverApplied, rolesIn } from "./verse-roles";
import { PASSAGE_LESSON_SECTIONS, TOPIC_LESSON_SECTIONS } from "~/modules/lesson-format/sections";

const settings = defaultAiSettings;
const lessonLines = content.lessonLines;

function sectionTitles(content: string) {
  return splitStudySections(content).sections.map((section) => section.title);
}

function assertEveryReferenceReal(content: string) {
  assert.ok(!content.includes(NOT_FOUND_MARK), "no reference was marked as not found");
  const grounded = groundReferences(content);
  assert.deepEqual(
    grounded.invalid.map((reference) => reference.text),
    [],
  );
  assert.ok(grounded.valid.length >= 8, `cites plenty of Scripture (${grounded.valid.length})`);
}

function keyScriptures(content: string) {
  const keySection = splitStudySections(content).sections.find((section) => section.title === "Key Scriptures")!;
  return findReferences(keySection.body).filter((reference) => reference.valid);
}

/** The anchors a reviewer chose for a topic (topic-anchors.json), as the lesson should quote them. */
function anchorsOf(topic: string) {
  const match = matchTopic(topic);
  assert.ok("topic" in match, `${topic} is a reviewed topic`);
  return match.topic.anchors.map((anchor) => anchor.ranges);
}

function cites(content: string, ranges: VerseRange[]) {
  return keyScriptures(content).some((cited) =>
    cited.ranges.some((range) => ranges.some((want) => want.start <= range.end && range.start <= want.end)),
  );
}

/** The application points that claim a role, with the verses they name. */
function roleClaims(content: string) {
  const kinds = { Trust: "promise", Obey: "command", Remember: "memory", Pray: "prayer" } as const;
  return [...content.matchAll(/^- \*\*(Trust|Obey|Remember|Pray):\*\* (.+)$/gm)].map((match) => ({
    kind: kinds[match[1] as keyof typeof kinds],
    references: findReferences(match[2]!).filter((reference) => reference.valid),
  }));
}

describe("built-in lesson from a topic", () => {
  const study = lessonFromTopic({ topic: "Forgiveness", settings });

  test("has a title, an overview and the lesson's sections", () => {
    assert.match(study.title, /^Forgiveness: /);
    const { overview } = splitStudySections(study.content);
    assert.ok(overview.length > 200, "the overview introduces the lesson");
    const titles = sectionTitles(study.content);
    for (const title of TOPIC_LESSON_SECTIONS) {
      assert.ok(titles.includes(title), `${title} in ${titles.join(", ")}`);
    }
  });

  test("is built on the reviewed anchors, in their order, each quoted", () => {
    const anchors = anchorsOf("Forgiveness");
    const cited = keyScriptures(study.content);
    assert.ok(cited.length >= 3, cited.map((reference) => reference.label).join(", "));
    for (const ranges of anchors.slice(0, 4)) assert.ok(cites(study.content, ranges), formatRanges(ranges));
    const keySection = splitStudySections(study.content).sections.find(
      (section) => section.title === "Key Scriptures",
    )!;
    assert.match(keySection.body, /### \((?:[1-3] )?[A-Z][a-z]+ \d+:\d+(?:-\d+)?\)/);
    assertEveryReferenceReal(study.content);
  });

  test("everyday wording finds the topic it means; another topic draws on other passages", () => {
    const anxiety = lessonFromTopic({ topic: "Dealing with anxiety", settings });
    assert.ok(cites(anxiety.content, anchorsOf("Anxiety and worry")[0]!), "Philippians 4:6-7 first");
    const shared = keyScriptures(anxiety.content).filter((reference) =>
      keyScriptures(study.content).some((mine) => mine.label === reference.label),
    );
    assert.deepEqual(
      shared.map((reference) => reference.label),
      [],
    );
    assertEveryReferenceReal(anxiety.content);
  });

  test("labels the translation it quotes, leaving the fallback note to the lesson's translation badge", () => {
    assert.match(study.content, /Quotations: Berean Standard Bible \(BSB\)/);
    assert.doesNotMatch(study.content, /not available offline/);
    const kjv = lessonFromTopic({ topic: "Prayer", settings: { ...settings, translation: "KJV" } });
    assert.match(kjv.content, /Quotations: King James Version \(KJV\)/);
  });

  test("is deterministic", () => {
    assert.deepEqual(lessonFromTopic({ topic: "Forgiveness", settings }), study);
  });

  test("reads like prose, not a template with blanks, and never names the topic in a template", () => {
    assert.doesNotMatch(study.content, /\{[a-z]+\}|undefined|null|NaN|\[object/);
    assert.doesNotMatch(JSON.stringify(lessonLines), /\{(?:subject|Topic|topic|living)\}/);
    const questions = splitStudySections(study.content).sections.find(
      (section) => section.title === "Discussion Questions",
    )!;
    const items = questions.body.split("\n").filter((line) => /^\d+\. /.test(line));
    assert.ok(items.length >= 4);
    assert.ok(
      items.every((item) => /[?.]$/.test(item.trim())),
      "complete questions",
    );
  });

  test("calls a verse a promise, command, memory verse or prayer only when the reviewed data does", () => {
    for (const topic of ["Forgiveness", "Prayer", "Anxiety and worry", "Suffering", "Caring for aging parents"]) {
      const lesson = lessonFromTopic({ topic, settings: { ...settings, writingStyle: "Devotional" } });
      for (const claim of roleClaims(lesson.content)) {
        const ranges = claim.references.flatMap((reference) => reference.ranges);
        assert.ok(rolesIn(ranges, claim.kind).length > 0, `${topic}: ${claim.kind} in ${formatRanges(ranges)}`);
        for (const range of ranges)
          for (let id = range.start; id <= range.end; id++) assert.equal(neverApplied(id), null, topic);
      }
      assert.doesNotMatch(lesson.content, /Memorise \(|Which promise/);
    }
  });

  test("follows the tone, audience and citation settings; the depths differ", () => {
    const formal: AiSettingsInput = {
      ...settings,
      tone: "Formal",
      targetAudience: "Advanced",
      citationFormat: "Endnotes",
    };
    const formalStudy = lessonFromTopic({ topic: "Hope", settings: formal });
    const beginner = lessonFromTopic({ topic: "Hope", settings: { ...settings, targetAudience: "Beginner" } });
    assert.ok(sectionTitles(formalStudy.content).includes("Scripture Index"), "endnotes list the citations");
    const count = (content: string) => (content.match(/^### /gm) ?? []).length;
    assert.ok(count(formalStudy.content) > count(beginner.content), "Deep Study reads more passages");
    assert.ok(sectionTitles(formalStudy.content).includes("What Scripture Says"), "Deep Study widens with Nave's");
    assert.ok(!sectionTitles(beginner.content).includes("What Scripture Says"));
    assert.match(beginner.content, /Concise Commentary/, "Beginner reads Henry's Concise Commentary");
  });

  test("a topic with no reviewed passages is a 422 naming the closest topics, never a lesson on a word", () => {
    for (const topic of ["xyzzy qwertyuiop", "a single hour"])
      assert.throws(
        () => lessonFromTopic({ topic, settings }),
        (error: Error & { status?: number; details?: { suggestions?: string[] } }) =>
          error.status === 422 &&
          error.message.includes("The closest we have") &&
          (error.details?.suggestions?.length ?? 0) > 0,
      );
  });
});

describe("built-in lesson from a passage", () => {
  const passage = getPassage("Romans 8:28-39", "NKJV");
  const study = lessonFromPassage({ passage, settings });

  test("quotes the passage, outlines it and explains its key words", () => {
    assert.match(study.title, /^Romans 8:28-39: /);
    const titles = sectionTitles(study.content);
    for (const title of PASSAGE_LESSON_SECTIONS) {
      assert.ok(titles.includes(title), `${title} in ${titles.join(", ")}`);
    }
    assert.match(study.content, /\*\*28\*\* And we know that God works all things together for the good/);
    assert.match(study.content, /\*\*39\*\* neither height nor depth/);
    const keyWords = splitStudySections(study.content).sections.find((section) => section.title === "Key Words")!;
    assert.match(keyWords.body, /Elsewhere: \(/, "a concordance entry from elsewhere in the Bible");
    const outline = splitStudySections(study.content).sections.find((section) => section.title === "Outline")!;
    assert.ok(outline.body.split("\n").filter((line) => /^\*\*\d+\. \(Romans 8:/.test(line)).length >= 2);
  });

  test("every reference exists, and the translation is labelled", () => {
    assertEveryReferenceReal(study.content);
    assert.match(study.content, /Romans 8:28-39, Berean Standard Bible \(BSB\)/);
    assert.doesNotMatch(study.content, /not available offline/);
  });

  test("asks observation, interpretation and application questions", () => {
    const questions = splitStudySections(study.content).sections.find(
      (section) => section.title === "Discussion Questions",
    )!;
    for (const heading of ["### Observation", "### Interpretation", "### Application"])
      assert.ok(questions.body.includes(heading));
  });

  test("is deterministic", () => {
    assert.deepEqual(lessonFromPassage({ passage: getPassage("Romans 8:28-39", "NKJV"), settings }), study);
  });

  test("works for a single verse, a psalm, several parts and a long chapter", () => {
    for (const reference of ["John 3:16", "Psalm 23", "Rom 3:21-26; 5:8", "Psalm 119:1-80", "Jude 20-25"]) {
      const lesson = lessonFromPassage({ passage: getPassage(reference, "KJV"), settings });
      assert.ok(sectionTitles(lesson.content).includes("Key Scriptures"), reference);
      assertEveryReferenceReal(lesson.content);
      assert.match(lesson.content, /King James Version \(KJV\)/, reference);
    }
    const long = lessonFromPassage({ passage: getPassage("Psalm 119:1-80", "BSB"), settings });
    assert.match(long.content, /The passage has 80 verses/);
  });
});
