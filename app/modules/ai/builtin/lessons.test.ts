import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getPassage } from "~/modules/bible/passages.server";
import { findReferences, parseReference, type VerseRange } from "~/modules/bible/references.server";
import { groundReferences, NOT_FOUND_MARK } from "~/modules/bible/grounding.server";
import { searchVerses } from "~/modules/bible/search.server";
import { findTopics } from "~/modules/bible/topics.server";
import { splitStudySections } from "~/modules/studies/markdown";
import { defaultAiSettings, type AiSettingsInput } from "../settings";
import { lessonFromPassage, lessonFromTopic } from "./lessons.server";
import { PASSAGE_LESSON_SECTIONS, TOPIC_LESSON_SECTIONS } from "~/modules/studies/sections";

const settings = defaultAiSettings;

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

/**
 * The verses the shipped Bible database itself associates with a subject: the named Nave's
 * topics and the full-text hits for the Bible's own words. Built with the database's functions,
 * not the writer's, so a lesson that only repeats its topic cannot pass.
 */
function versesAbout({ topics, words }: { topics: string[]; words: string[] }) {
  const ranges: VerseRange[] = [];
  for (const name of topics) {
    const [topic] = findTopics(name, 1);
    assert.equal(topic?.name, name, `Nave's topic ${name} ships in the Bible database`);
    ranges.push(...topic.ranges, ...topic.subtopics.flatMap((subtopic) => subtopic.ranges));
  }
  for (const word of words)
    ranges.push(...searchVerses(word, { limit: 100 }).map((hit) => ({ start: hit.id, end: hit.id })));
  return (range: VerseRange) => ranges.some((about) => about.start <= range.end && range.start <= about.end);
}

function assertKeyScripturesAbout(content: string, subject: Parameters<typeof versesAbout>[0]) {
  const about = versesAbout(subject);
  const cited = keyScriptures(content);
  assert.ok(cited.length >= 4, `key scriptures cited: ${cited.map((reference) => reference.label).join(", ")}`);
  const offTopic = cited.filter((reference) => !reference.ranges.every(about));
  assert.deepEqual(
    offTopic.map((reference) => reference.label),
    [],
    "every key scripture is one the Bible database files under the subject",
  );
}

function cites(content: string, reference: string) {
  const wanted = parseReference(reference);
  assert.equal(wanted.ok, true, reference);
  const ranges = wanted.ok ? wanted.ranges : [];
  return keyScriptures(content).some((cited) =>
    cited.ranges.some((range) => ranges.some((want) => want.start <= range.end && range.start <= want.end)),
  );
}

describe("built-in lesson from a topic", () => {
  const study = lessonFromTopic({ topic: "Faith and Works", settings });

  test("has a title, an overview and the lesson's sections", () => {
    assert.match(study.title, /^Faith and Works: /);
    const { overview } = splitStudySections(study.content);
    assert.ok(overview.length > 200, "the overview introduces the lesson");
    const titles = sectionTitles(study.content);
    for (const title of TOPIC_LESSON_SECTIONS) {
      assert.ok(titles.includes(title), `${title} in ${titles.join(", ")}`);
    }
  });

  test("quotes the key scriptures with references in parentheses, and every reference exists", () => {
    const keySection = splitStudySections(study.content).sections.find(
      (section) => section.title === "Key Scriptures",
    )!;
    const quotes = keySection.body.split("\n").filter((line) => line.startsWith("> "));
    assert.ok(quotes.length >= 4, "at least four passages are quoted");
    assert.match(keySection.body, /### \((?:[1-3] )?[A-Z][a-z]+ \d+:\d+(?:-\d+)?\)/);
    assertEveryReferenceReal(study.content);
  });

  test("picks passages that speak of the topic", () => {
    const keySection = splitStudySections(study.content).sections.find(
      (section) => section.title === "Key Scriptures",
    )!;
    const quoted = keySection.body
      .split("\n")
      .filter((line) => line.startsWith("> "))
      .join(" ");
    assert.match(quoted, /faith/i);
    assert.match(quoted, /work/i);
    assert.ok(
      findReferences(keySection.body).some((reference) => /^(James 2|Galatians 2|Romans [34])/.test(reference.label)),
      "James, Galatians or Romans",
    );
  });

  test("labels the translation it quotes, leaving the fallback note to the lesson's translation badge", () => {
    assert.match(study.content, /Quotations are from the Berean Standard Bible \(BSB\)/);
    assert.doesNotMatch(study.content, /not available offline/);
  });

  test("is deterministic for the same input, and another topic draws on other passages", () => {
    assert.deepEqual(lessonFromTopic({ topic: "Faith and Works", settings }), study);
    const other = lessonFromTopic({ topic: "Forgiveness", settings });
    assertKeyScripturesAbout(other.content, { topics: ["Forgiveness"], words: ["forgive", "forgiven", "forgiveness"] });
    const shared = keyScriptures(other.content).filter((reference) =>
      keyScriptures(study.content).some((mine) => mine.label === reference.label),
    );
    assert.deepEqual(
      shared.map((reference) => reference.label),
      [],
    );
    assertEveryReferenceReal(other.content);
  });

  test("reads like prose, not a template with blanks", () => {
    assert.doesNotMatch(study.content, /\{[a-z]+\}|undefined|null|NaN|\[object/);
    const questions = splitStudySections(study.content).sections.find(
      (section) => section.title === "Discussion Questions",
    )!;
    const items = questions.body.split("\n").filter((line) => /^\d+\. /.test(line));
    assert.ok(items.length >= 5);
    assert.ok(
      items.every((item) => /[?.]$/.test(item.trim())),
      "complete questions",
    );
  });

  test("everyday wording finds the Bible's passages: anxiety", () => {
    const anxiety = lessonFromTopic({ topic: "Dealing with anxiety", settings });
    assertKeyScripturesAbout(anxiety.content, {
      topics: ["Care", "Fear"],
      words: ["anxious", "anxiety", "worry", "cares", "troubled"],
    });
    const remedies = ["Philippians 4:6", "1 Peter 5:7", "Matthew 6:25-34"].filter((reference) =>
      cites(anxiety.content, reference),
    );
    assert.ok(remedies.length >= 2, `Nave's remedies for care among the key scriptures: ${remedies.join(", ")}`);
    assertEveryReferenceReal(anxiety.content);
  });

  test("everyday wording finds the Bible's passages: leadership, which is not a Nave topic", () => {
    const leadership = lessonFromTopic({ topic: "Leadership", settings });
    // Abraham: the topical index's own first answer for the word "leadership" (his call, Nehemiah 9:7).
    assertKeyScripturesAbout(leadership.content, {
      topics: ["Rulers", "Shepherd", "Elder", "Abraham"],
      words: ["shepherd", "overseer", "elders", "lead"],
    });
    const shepherds = ["John 10:11", "Acts 20:28", "1 Peter 5:1-4"].filter((reference) =>
      cites(leadership.content, reference),
    );
    assert.ok(shepherds.length >= 1, "the good shepherd or the elders who shepherd the flock");
    assertEveryReferenceReal(leadership.content);
  });

  test("quotes the KJV when the setting asks for it, without a fallback note", () => {
    const kjv = lessonFromTopic({ topic: "Prayer", settings: { ...settings, translation: "KJV" } });
    assert.match(kjv.content, /Quotations are from the King James Version \(KJV\)/);
    assert.doesNotMatch(kjv.content, /not available offline/);
  });

  test("follows the tone, audience and citation settings", () => {
    const formal: AiSettingsInput = {
      ...settings,
      tone: "Formal",
      targetAudience: "Advanced",
      citationFormat: "Endnotes",
    };
    const formalStudy = lessonFromTopic({ topic: "Hope", settings: formal });
    const pastoralStudy = lessonFromTopic({ topic: "Hope", settings });
    assert.notEqual(
      splitStudySections(formalStudy.content).overview,
      splitStudySections(pastoralStudy.content).overview,
    );
    assert.match(formalStudy.content, /through Jesus Christ our Lord\. Amen\./, "a formal prayer");
    assert.ok(sectionTitles(formalStudy.content).includes("Scripture Index"), "endnotes list the citations");
    const count = (content: string) => (content.match(/^### /gm) ?? []).length;
    assert.ok(
      count(formalStudy.content) >
        count(lessonFromTopic({ topic: "Hope", settings: { ...settings, targetAudience: "Beginner" } }).content),
    );
  });

  test("a topic the Bible does not speak of is a 400 with a clear message", () => {
    assert.throws(
      () => lessonFromTopic({ topic: "xyzzy qwertyuiop", settings }),
      (error: Error & { status?: number }) =>
        error.status === 400 && /could not find Bible passages about "xyzzy qwertyuiop"/.test(error.message),
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
    assert.match(keyWords.body, /\*\*Love\*\* \(verses 28, 35, 37 and 39\)/);
    assert.match(keyWords.body, /Elsewhere: \(/, "a concordance entry from elsewhere in the Bible");
    const outline = splitStudySections(study.content).sections.find((section) => section.title === "Outline")!;
    assert.ok(outline.body.split("\n").filter((line) => /^\d+\. /.test(line)).length >= 2);
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
    assert.match(long.content, /The passage is long \(80 verses\)/);
  });
});
