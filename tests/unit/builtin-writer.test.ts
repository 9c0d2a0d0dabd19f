import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { composeDevotional } from "~/modules/ai/builtin/devotional/compose";
import { gatherMaterial } from "~/modules/ai/builtin/devotional/material.server";
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
  commentaryChapterText,
  commentaryQuotations,
  henryChapterText,
  noteQuotations,
  ownSentences,
  quotationShare,
  recurring,
  sliderExtremes,
  variety,
} from "../support/writer-checks";

/**
 * What the built-in writer promises (issues 16 and 28), measured over every day of "Bible in a
 * Year" at each level: few sentences of its own and not the same ones day after day, the
 * commentators quoted word for word and attributed, Scripture quoted as the labelled translation
 * has it, references that exist, word limits kept, the same text for the same input. Each day's
 * material is gathered once and shared by the checks.
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
const days = plan.days.map((references) => ({
  references,
  material: Object.fromEntries(
    levels.map(([level]) => [level, gatherMaterial(passagesOf(references), level)]),
  ) as Record<DevotionalLevel, ReturnType<typeof gatherMaterial>>,
}));
const written = new Map<DevotionalLevel, string[]>(
  levels.map(([level, wordLimit]) => [
    level,
    days.map(({ material }) =>
      composeDevotional({ material: material[level], level, wordLimit, settings: defaultAiSettings }),
    ),
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

  // Issue 28: the writer's own sentences are few (an outline, questions, a prayer); a question a
  // leader asks of every psalm may come back, but not on most days, and what recurs across at least
  // half of the days stays at most 10% of what it writes.
  for (const [level] of levels) {
    test(`${level}: at most 10% of its own sentences recur on half the days, none on more than a quarter`, () => {
      const outputs = written.get(level)!;
      const report = variety(outputs);
      assert.ok(report.total > days.length * 3, `${report.total} sentences`);
      const share = recurring(outputs, 0.5);
      assert.ok(share <= 0.1, `${Math.round(share * 100)}% recur on half the days`);
      assert.ok(
        report.mostShared!.days <= days.length * 0.25,
        `“${report.mostShared!.sentence}” on ${report.mostShared!.days} days`,
      );
    });

    test(`${level}: about half of the words are quotation`, () => {
      const shares = written.get(level)!.map(quotationShare);
      const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
      assert.ok(mean <= 0.55, `${Math.round(mean * 100)}% on average`);
    });
  }

  test("every devotional quotes a commentator on its passage, word for word from the shipped source", () => {
    let quotations = 0;
    for (const [level] of levels) {
      written.get(level)!.forEach((content, index) => {
        const found = commentaryQuotations(content);
        assert.ok(found.length > 0, `${days[index]!.references.join("; ")} (${level}) quotes no commentary`);
        for (const quotation of found) {
          quotations += 1;
          const source = commentaryChapterText(chapterOf(quotation.reference));
          assert.ok(source, `no commentary on ${quotation.reference}`);
          for (const sentence of quotation.sentences)
            assert.ok(source.includes(sentence), `not the commentary on ${quotation.reference}: ${sentence}`);
        }
      });
    }
    assert.ok(quotations > days.length * 3, `${quotations} quotations`);
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

  test("no mechanical lines: no word counts, no 'the word X' pointers, no unfilled placeholder", () => {
    for (const [level] of levels) {
      for (const content of written.get(level)!) {
        assert.doesNotMatch(
          content,
          /\b(?:appears|comes up) \d+ times\b|\(\d+ times\)|\bopens with\b.*\bcloses with\b/,
        );
        for (const sentence of ownSentences(content))
          assert.doesNotMatch(sentence, /\bthe word (?!of\b)[a-z*]/i, sentence);
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
      .forEach(({ references, material }) => {
        for (const [level, limit] of sliderExtremes) {
          const words = countWords(
            composeDevotional({ material: material[level], level, wordLimit: limit, settings: defaultAiSettings }),
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
        const again = gatherMaterial(passagesOf(references), "deep");
        assert.equal(
          composeDevotional({ material: again, level: "deep", wordLimit: 800, settings: defaultAiSettings }),
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

describe("words in another sense speak for no theme", () => {
  test("lie down is rest, not a lie", () => {
    assert.equal(maskOtherSenses("He makes me lie down in green pastures").includes("lie"), false);
    assert.match(maskOtherSenses("Do not lie to one another"), /\blie\b/);
  });

  test("a light burden is no light in the darkness", () => {
    assert.equal(maskOtherSenses("For My yoke is easy and My burden is light.").includes("light"), false);
    assert.match(maskOtherSenses("The light shines in the darkness"), /\blight\b/);
  });

  test("a bear is not bearing with one another", () => {
    assert.equal(maskOtherSenses("Then two female bears came out of the woods").includes("bears"), false);
    assert.equal(maskOtherSenses("like a bear robbed of her cubs").includes("bear"), false);
    assert.match(maskOtherSenses("Carry one another’s burdens; bear with one another"), /\bbear\b/);
  });

  test("the rest of the people is no rest", () => {
    assert.equal(maskOtherSenses("and the rest of the people were afraid").includes("rest"), false);
    assert.match(maskOtherSenses("Come to Me, and I will give you rest."), /\brest\b/);
  });
});
