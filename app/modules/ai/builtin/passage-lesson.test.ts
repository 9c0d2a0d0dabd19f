import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getPassage } from "~/modules/bible/passages.server";
import { parseDataReference } from "~/modules/bible/books";
import { findReferences, formatRanges } from "~/modules/bible/references.server";
import { splitStudySections } from "~/modules/lesson-format/markdown";
import { defaultAiSettings, type AiSettingsInput } from "../settings";
import { content } from "./content";
import parablesMiracles from "./content/parables-miracles.json";
import { cite, prayedWords } from "./lesson-parts";
import { lessonFromPassage } from "./lessons.server";
import { rolesIn } from "./verse-roles";

const audiences: Array<AiSettingsInput["targetAudience"]> = ["Beginner", "Mixed", "Advanced"];
const passageLines = content.passageLines;

function lesson(reference: string, targetAudience: AiSettingsInput["targetAudience"] = "Mixed") {
  const settings = { ...defaultAiSettings, targetAudience };
  return lessonFromPassage({ passage: getPassage(reference, settings.translation), settings });
}

function section(text: string, title: string) {
  return splitStudySections(text).sections.find((entry) => entry.title === title)?.body ?? "";
}

function questions(text: string) {
  return section(text, "Discussion Questions")
    .split("\n")
    .filter((line) => /^\d+\. /.test(line));
}

/** A line of a list with its {placeholders} as wildcards, to find it filled in a lesson. */
function pattern(line: string) {
  const escaped = line.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(/\\?\{\w+\\?\}/g, ".+?"));
}

function usesOneOf(text: string, list: readonly string[]) {
  return list.some((line) => pattern(line).test(text));
}

describe("built-in passage lessons on the gospels' parables and miracles", () => {
  test("a parable is never asked what Jesus says or does in it: nobody in the story is Jesus", () => {
    for (const reference of ["Luke 15:11-32", "Luke 10:25-37", "Matthew 13:1-23", "Luke 15", "Matthew 25:14-30"])
      for (const audience of audiences) {
        const asked = questions(lesson(reference, audience).content).join("\n");
        assert.doesNotMatch(asked, /What does Jesus say or do/, `${reference}, ${audience}`);
      }
  });

  test("every parable the reviewed data lists, in every gospel, is asked to whom Jesus tells it, never what he does in it", () => {
    for (const parable of parablesMiracles.parables)
      for (const account of parable.accounts) {
        const reference = formatRanges([parseDataReference(account.ref)!]);
        const asked = questions(lesson(reference).content).join("\n");
        assert.doesNotMatch(asked, /What does Jesus say or do/, reference);
        assert.ok(
          asked.includes(cite(formatRanges([parseDataReference(account.audience!)!]))),
          `${reference}: ${asked}`,
        );
      }
  });

  test("a parable lesson names the verses that say to whom Jesus tells it, at every depth", () => {
    for (const [reference, audienceVerses] of [
      ["Luke 15:11-32", "(Luke 15:1-2)"],
      ["Luke 18:9-14", "(Luke 18:9)"],
      ["Matthew 18:21-35", "(Matthew 18:21-22)"],
    ])
      for (const audience of audiences) {
        const asked = questions(lesson(reference, audience).content).join("\n");
        assert.ok(asked.includes(audienceVerses), `${reference}, ${audience}: ${asked}`);
      }
    const study = lesson("Luke 15:11-32");
    assert.equal(study.title, "Luke 15:11-32: The lost son");
    assert.match(
      splitStudySections(study.content).overview,
      /parable of Jesus, \*the lost son\*\. \(Luke 15:1-2\) says to whom he tells it: tax collectors/,
    );
    const asked = questions(study.content).join("\n");
    assert.ok(usesOneOf(asked, passageLines.parable.hearers), "asks who the hearers would be in the story");
  });

  test("a miracle lesson asks what the need was, what Jesus did, how people responded and who he is", () => {
    const study = lesson("Mark 6:30-44");
    const asked = questions(study.content).join("\n");
    assert.ok(usesOneOf(asked, passageLines.miracle.need.provision), asked);
    assert.ok(usesOneOf(asked, passageLines.miracle.act), asked);
    assert.ok(usesOneOf(asked, [...passageLines.miracle.response, ...passageLines.miracle.identity]), asked);
    // Two miracles told together are both asked about.
    const jairus = questions(lesson("Mark 5:21-43").content).join("\n");
    assert.ok(jairus.includes("(Mark 5:25-34)") && jairus.includes("(Mark 5:21-24; 5:35-43)"), jairus);
  });

  test("outside the parables and miracles, observation questions come from the passage: its titled parts, speakers, repeated words", () => {
    const acts = questions(lesson("Acts 16:16-34").content);
    assert.ok(
      acts.some(
        (question) => usesOneOf(question, passageLines.observe.title) && question.includes("“An evil spirit cast out"),
      ),
      acts.join("\n"),
    );
    const genesis = questions(lesson("Genesis 22:1-19").content).join("\n");
    assert.doesNotMatch(genesis, /What does \(Genesis 22:1-19\) require/, "Genesis is told as a story, not law");
    assert.ok(usesOneOf(genesis, passageLines.observe.repeated) || usesOneOf(genesis, passageLines.observe.speakers));
    // A gospel passage where Jesus acts (and no parable) may ask what he says or does; one that
    // only names him (the annunciation) may not.
    assert.match(questions(lesson("Matthew 5:1-16").content).join("\n"), /What does Jesus say or do/);
    assert.doesNotMatch(questions(lesson("Luke 1:26-38").content).join("\n"), /What does Jesus say or do/);
  });

  test("a part is titled only with a title written for its verses", () => {
    const study = lesson("2 Samuel 12:1-15");
    assert.doesNotMatch(study.content, /birth of Solomon/);
    assert.doesNotMatch(study.title, /Solomon/);
  });

  test("application points come from reviewed roles, else a question from the parable, miracle or kind of writing", () => {
    const lost = section(lesson("Luke 15:11-32").content, "Application Points");
    assert.ok(usesOneOf(lost, passageLines.parable.apply.lost), lost);
    const storm = section(lesson("Mark 4:35-41").content, "Application Points");
    assert.ok(usesOneOf(storm, passageLines.miracle.apply.nature), storm);
    const exodus = section(lesson("Exodus 14").content, "Application Points");
    assert.match(exodus, /\*\*Trust:\*\* \(Exodus 14:14\)/, "the reviewed promise");
    for (const reference of ["Luke 15:11-32", "Mark 4:35-41", "Exodus 14", "Psalm 51", "Luke 10:25-37"]) {
      const points = section(lesson(reference).content, "Application Points");
      const kinds = { Trust: "promise", Obey: "command", Remember: "memory", Pray: "prayer" } as const;
      for (const match of points.matchAll(/^- \*\*(Trust|Obey|Remember|Pray):\*\* (.+)$/gm)) {
        const ranges = findReferences(match[2]!).flatMap((found) => found.ranges);
        assert.ok(rolesIn(ranges, kinds[match[1] as keyof typeof kinds]).length > 0, `${reference}: ${match[0]}`);
      }
    }
  });

  test("the closing prayer prays a reviewed prayer's own words, else one written for the passage, never thanks for a reference", () => {
    for (const reference of ["Luke 15:11-32", "Mark 6:30-44", "Acts 16:16-34", "Micah 6:1-8", "Genesis 22:1-19"])
      for (const audience of audiences) {
        const prayer = section(lesson(reference, audience).content, "Closing Prayer");
        assert.doesNotMatch(prayer, /\(\w[^)]*\d\)/, `${reference}: no reference in the prayer: ${prayer}`);
        assert.doesNotMatch(prayer, /thank you for (?:meeting us in|speaking to us in|\()/i, prayer);
      }
    assert.ok(
      passageLines.parable.prayers.lost.includes(section(lesson("Luke 15:11-32").content, "Closing Prayer")),
      "a prayer about being found, for a parable of the lost",
    );
    assert.ok(
      passageLines.miracle.prayers.provision.includes(section(lesson("Mark 6:30-44").content, "Closing Prayer")),
    );
    assert.match(section(lesson("Psalm 51").content, "Closing Prayer"), /> Have mercy on me, O God/);
    // A prayer quoted in a story is prayed without the story around it.
    assert.match(section(lesson("Luke 18:9-14").content, "Closing Prayer"), /> God, have mercy on me, a sinner!$/);
  });

  test("key words leave out half of a set phrase: the fattened calf is not what Luke 15 turns on", () => {
    const english = section(lesson("Luke 15:11-32").content, "Key Words");
    assert.match(english, /\*\*Father\*\*/);
    assert.match(english, /\*\*Son\*\*/);
    assert.doesNotMatch(english, /Fattened|Calf/);
    const original = section(lesson("Luke 15:11-32", "Advanced").content, "Key Words");
    assert.match(original, /patḗr/);
    assert.doesNotMatch(original, /siteutós|móschos/);
    // A weighty word in a set phrase stays: "burnt offering" keeps "offering".
    assert.match(section(lesson("Genesis 22:1-19").content, "Key Words"), /\*\*Offering\*\*/);
  });
});

test("a prayer the story opens and the verses do not close is prayed without its lead-in", () => {
  assert.equal(
    prayedWords("Then I said: “O LORD, God of heaven, hear your servant. My father’s house has sinned."),
    "O LORD, God of heaven, hear your servant. My father’s house has sinned.",
  );
  assert.equal(prayedWords("And he said, ‘God, have mercy on me, a sinner!’"), "God, have mercy on me, a sinner!");
  assert.equal(prayedWords("The LORD is my shepherd; I shall not want."), "The LORD is my shepherd; I shall not want.");
});

test("a book named for its prophet is introduced as a book, not as the man ('The book of Micah is the prophet Micah's message')", () => {
  const overview = lesson("Micah 6:6-8").content.split("\n## ")[0]!;
  assert.match(overview, /^The book of Micah is the prophet Micah's message/m);
  assert.doesNotMatch(overview, /^Micah is the prophet/m);
  // A book whose summary does not name it keeps the short form.
  assert.match(lesson("Romans 12:1-2").content.split("\n## ")[0]!, /^Romans is /m);
});
