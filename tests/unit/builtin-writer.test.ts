import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { analyzePassages } from "~/modules/ai/builtin/devotional/analyze.server";
import { composeDevotional, type DevotionalAnalysis } from "~/modules/ai/builtin/devotional/compose";
import { lessonFromPassage, lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import { maskOtherSenses } from "~/modules/ai/builtin/senses";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { defaultAiSettings } from "~/modules/ai/settings";
import { countWords } from "~/modules/ai/words";
import { getPassage, passageFromRanges, versesFor } from "~/modules/bible/passages.server";
import { books } from "~/modules/bible/books";
import { parseReference } from "~/modules/bible/references.server";
import type { ShippedTranslationCode } from "~/modules/bible/translations";
import { buildPlanCatalogue } from "~/modules/plans/builders";
import {
  chapterOf,
  HENRY_FULL,
  henryChapterText,
  henryQuotations,
  noteQuotations,
  ownSentences,
  shapeVariety,
  sliderExtremes,
  variety,
} from "../support/writer-checks";

/**
 * What the built-in writer promises (issue 16), measured over every day of "Bible in a Year"
 * at each level: varied prose of its own, Matthew Henry quoted word for word and attributed,
 * Scripture quoted as the labelled translation has it, references that exist, word limits kept,
 * the same text for the same input. Each day is analysed once and shared by the checks.
 */

const levels: Array<[DevotionalLevel, number]> = [
  ["beginner", 300],
  ["intermediate", 500],
  ["deep", 800],
];

function passagesOf(references: string[], translation = "BSB") {
  return references.map((reference) => {
    const parsed = parseReference(reference);
    assert.ok(parsed.ok, reference);
    return passageFromRanges(parsed.ranges, translation);
  });
}

const plan = buildPlanCatalogue().find((entry) => entry.slug === "bible-in-a-year")!;
const days = plan.days.map((references) => ({ references, analysis: analyzePassages(passagesOf(references)) }));
const written = new Map<DevotionalLevel, string[]>(
  levels.map(([level, wordLimit]) => [
    level,
    days.map(({ analysis }) => composeDevotional({ analysis, level, wordLimit, settings: defaultAiSettings })),
  ]),
);

/** Text as compared with its source: spacing aside. */
function squeeze(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

/** Scripture as compared: quotation marks, dashes and spacing aside. */
function normalized(text: string) {
  return text
    .replace(/[“”‘’"'…]/g, "")
    .replace(/[—–]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

describe(`built-in devotionals over the ${plan.days.length} days of ${plan.name}`, () => {
  test("has every day", () => assert.equal(days.length, 365));

  for (const [level] of levels) {
    test(`${level}: at least 90% of its own sentences are unique, none on more than 5% of days`, () => {
      const report = variety(written.get(level)!);
      assert.ok(report.total > days.length * 5, `${report.total} sentences`);
      assert.ok(report.unique / report.total >= 0.9, `${report.unique} unique of ${report.total}`);
      assert.ok(
        report.mostShared!.days <= days.length * 0.05,
        `“${report.mostShared!.sentence}” on ${report.mostShared!.days} days`,
      );
    });

    // The same, with each day's references, book names, quotations and numbers masked: a
    // template filled with another day's reference is the same sentence. Each sentence is one of
    // many wordings (content/devotional-lines.json) naming the passage's own words, so at least 90%
    // of these shapes are unique too, and none may stand on more than 5% of days.
    test(`${level}: at least 90% of its sentence shapes are unique, none on more than 5% of days`, () => {
      const report = shapeVariety(written.get(level)!);
      assert.ok(report.unique / report.total >= 0.9, `${report.unique} unique shapes of ${report.total}`);
      assert.ok(
        report.mostShared!.days <= days.length * 0.05,
        `“${report.mostShared!.sentence}” on ${report.mostShared!.days} days`,
      );
    });
  }

  test("every devotional quotes Matthew Henry on its passage, word for word from the shipped source", () => {
    let quotations = 0;
    for (const [level] of levels) {
      written.get(level)!.forEach((content, index) => {
        const found = henryQuotations(content);
        assert.ok(found.length > 0, `${days[index]!.references.join("; ")} (${level}) quotes no commentary`);
        for (const quotation of found) {
          quotations += 1;
          const source = henryChapterText(chapterOf(quotation.reference));
          assert.ok(source, `no commentary on ${quotation.reference}`);
          assert.ok(source.includes(quotation.text), `not Henry's words on ${quotation.reference}: ${quotation.text}`);
        }
      });
    }
    assert.ok(quotations > days.length * 3 * 2, `${quotations} quotations`);
  });

  test("every Scripture quotation is the labelled translation's text", () => {
    let checked = 0;
    for (const [level] of levels) {
      for (const content of written.get(level)!) {
        for (const match of content.matchAll(/^> (.+) — (.+) \((BSB|WEB|KJV)\)$/gm)) {
          const [, text, reference, code] = match;
          const parsed = parseReference(reference!);
          assert.ok(parsed.ok, reference);
          const verses = versesFor(parsed.ranges, code as ShippedTranslationCode)
            .map((verse) => verse.text.trim())
            .join(" ");
          assert.equal(normalized(text!), normalized(verses), `${reference} (${code})`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > days.length * 3, `${checked} quotations checked`);
  });

  test("every reference it writes resolves", () => {
    const names = [...books.map((book) => book.name), "Psalm"].sort((a, b) => b.length - a.length).join("|");
    const pattern = new RegExp(`\\b(?:${names}) \\d+(?::\\d+)?(?:-\\d+(?::\\d+)?)?\\b`, "g");
    const references = new Set<string>();
    for (const [level] of levels) {
      for (const content of written.get(level)!) {
        for (const match of content.matchAll(pattern)) references.add(match[0]);
      }
    }
    const unresolved = [...references].filter((reference) => !parseReference(reference).ok);
    assert.deepEqual(unresolved, []);
    assert.ok(references.size > days.length, `${references.size} references`);
  });

  test("no mechanical lines: no word counts, no 'opens with ... closes with', no unfilled placeholder", () => {
    for (const [level] of levels) {
      for (const content of written.get(level)!) {
        assert.doesNotMatch(
          content,
          /\b(?:appears|comes up|occurs) \d+ times\b|\(\d+ times\)|\bopens with\b.*\bcloses with\b/,
        );
        assert.doesNotMatch(content, /\{\w+\}/, "a placeholder of devotional-lines.json left unfilled");
      }
    }
  });

  test("word limits hold within 15% at every level, and at the slider's extremes", () => {
    const misses: string[] = [];
    for (const [level, limit] of levels) {
      written.get(level)!.forEach((content, index) => {
        const words = countWords(content);
        if (Math.abs(words - limit) > limit * 0.15) misses.push(`${days[index]!.references} ${level}: ${words}`);
      });
    }
    days
      .filter((_, index) => index % 15 === 0)
      .forEach(({ references, analysis }) => {
        for (const [level, limit] of sliderExtremes) {
          const words = countWords(
            composeDevotional({ analysis, level, wordLimit: limit, settings: defaultAiSettings }),
          );
          if (Math.abs(words - limit) > limit * 0.15) misses.push(`${references} ${level} ${limit}: ${words}`);
        }
      });
    assert.deepEqual(misses, []);
  });

  test("deterministic: the same day, level and settings give the same text", () => {
    days
      .filter((_, index) => index % 30 === 0)
      .forEach(({ references }, index) => {
        const again = analyzePassages(passagesOf(references));
        assert.equal(
          composeDevotional({ analysis: again, level: "deep", wordLimit: 800, settings: defaultAiSettings }),
          written.get("deep")![index * 30],
        );
      });
  });
});

describe("built-in lessons quote the classics on the verses they discuss", () => {
  const topics = ["Forgiveness", "Suffering", "Prayer", "Anxiety and worry", "Marriage"];
  const passages = ["John 3:16-21", "Psalm 23", "Romans 12:1-2", "Genesis 12", "Ruth 1"];
  const lessons = [
    ...topics.map((topic) => ({ name: topic, ...lessonFromTopic({ topic, settings: defaultAiSettings } as never) })),
    ...passages.map((reference) => ({
      name: reference,
      ...lessonFromPassage({ passage: getPassage(reference, "BSB"), settings: defaultAiSettings } as never),
    })),
  ];

  test("every lesson quotes a commentator, each quotation placed on verses inside the passage it sits under", () => {
    for (const lesson of lessons) {
      const found = noteQuotations(lesson.content);
      assert.ok(found.length > 0, `${lesson.name} quotes no commentary`);
      for (const quotation of found) {
        if (!quotation.under) continue;
        const note = parseReference(quotation.on);
        const under = parseReference(quotation.under);
        assert.ok(note.ok && under.ok, `${quotation.on} under ${quotation.under}`);
        const overlaps = note.ranges.some((range) =>
          under.ranges.some((part) => range.start <= part.end && part.start <= range.end),
        );
        assert.ok(overlaps, `${lesson.name}: a note on ${quotation.on} under (${quotation.under})`);
      }
    }
  });

  test("Henry's full commentary is quoted word for word from the shipped source", () => {
    for (const lesson of lessons) {
      for (const quotation of noteQuotations(lesson.content).filter((entry) => entry.work === HENRY_FULL)) {
        const source = henryChapterText(chapterOf(quotation.on));
        for (const sentence of quotation.sentences)
          assert.ok(
            source && squeeze(source).includes(squeeze(sentence)),
            `${lesson.name}: not Henry's words on ${quotation.on}: ${sentence}`,
          );
      }
    }
  });

  test("one sentence never appears twice in one lesson; no fragments; Psalm, not Psalms", () => {
    for (const lesson of lessons) {
      const quoted = noteQuotations(lesson.content).flatMap((entry) => entry.sentences);
      assert.equal(new Set(quoted).size, quoted.length, `${lesson.name} quotes a sentence twice`);
      const own = ownSentences(lesson.content);
      const repeated = own.filter((sentence, index) => own.indexOf(sentence) !== index);
      assert.deepEqual(repeated, [], lesson.name);
      for (const sentence of quoted) assert.doesNotMatch(sentence, /^(?:[IVX]+\.|\d+\.|Fourthly|Thirdly|Secondly)/);
      assert.doesNotMatch(lesson.content, /\bPsalms \d+(?![-–\d])/);
    }
  });
});

describe("themes by sense, not by bare words", () => {
  const themesOf = (reference: string) =>
    analyzePassages(passagesOf([reference])).themes.map((hit) => hit.theme.id) as Array<string>;
  const speaksOf = (analysis: DevotionalAnalysis["themes"], id: string) => analysis.some((hit) => hit.theme.id === id);

  test("lie down is rest, not a lie", () => {
    assert.equal(maskOtherSenses("He makes me lie down in green pastures").includes("lie"), false);
    assert.match(maskOtherSenses("Do not lie to one another"), /\blie\b/);
    assert.ok(!themesOf("Psalm 23:1-3").includes("speech"));
    assert.ok(themesOf("Proverbs 12:17-22").includes("speech"));
  });

  test("a light burden is no light in the darkness", () => {
    assert.equal(maskOtherSenses("For My yoke is easy and My burden is light.").includes("light"), false);
    assert.match(maskOtherSenses("The light shines in the darkness"), /\blight\b/);
    assert.ok(!themesOf("Matthew 11:28-30").includes("light"));
    assert.ok(themesOf("John 1:4-9").includes("light"));
  });

  test("a bear is not bearing with one another", () => {
    assert.equal(maskOtherSenses("Then two female bears came out of the woods").includes("bears"), false);
    assert.equal(maskOtherSenses("like a bear robbed of her cubs").includes("bear"), false);
    assert.match(maskOtherSenses("Carry one another’s burdens; bear with one another"), /\bbear\b/);
    const bears = analyzePassages(passagesOf(["2 Kings 2:23-24"]));
    assert.ok(!speaksOf(bears.themes, "community"));
  });

  test("the rest of the people is no rest", () => {
    assert.equal(maskOtherSenses("and the rest of the people were afraid").includes("rest"), false);
    assert.match(maskOtherSenses("Come to Me, and I will give you rest."), /\brest\b/);
  });
});
