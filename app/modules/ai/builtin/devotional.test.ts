import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { findReferences } from "~/modules/bible/references.server";
import { getPassage, passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { buildPlanCatalogue } from "~/modules/plans/builders";
import {
  citationFormatChoices,
  defaultAiSettings,
  languageComplexityChoices,
  toneChoices,
  writingStyleChoices,
  type AiSettingsInput,
} from "../settings";
import { countWords } from "../words";
import type { DevotionalLevel } from "../provider";
import { devotional } from "./devotional.server";
import { analyzePassages } from "./devotional/analyze.server";
import { composeDevotional } from "./devotional/compose";
import { fragmentAround, quotedSentence, verseForQuote } from "./devotional/text";
import { sliderExtremes } from "../../../../tests/support/writer-checks";

const levels: DevotionalLevel[] = ["beginner", "intermediate", "deep"];
const defaultLimits = { beginner: 300, intermediate: 500, deep: 800 };

function passagesOf(references: string[], translation = "BSB") {
  return references.map((reference) => {
    const parsed = parseReference(reference);
    assert.ok(parsed.ok, reference);
    return passageFromRanges(parsed.ranges, translation);
  });
}

function within15(words: number, limit: number) {
  return Math.abs(words - limit) <= limit * 0.15;
}

/** A spread of real plan days: every plan, short and long readings, one and several books. */
function sampleDays() {
  const days: string[][] = [];
  for (const plan of buildPlanCatalogue()) {
    const step = Math.max(1, Math.floor(plan.days.length / 6));
    for (let index = 0; index < plan.days.length; index += step) days.push(plan.days[index]!);
  }
  days.push(["Obadiah 1:1-21"], ["Psalms 116-120"], ["1 Chronicles 1-2"], ["Philemon 1:1-25"]);
  return days;
}

// Lengths are checked on the composed text (grounding leaves a built-in text unchanged, see
// below), analysing each day once, so many days stay fast.
describe("built-in devotional length", () => {
  const days = sampleDays();
  const analyses = new Map(days.map((day) => [day.join("; "), analyzePassages(passagesOf(day))]));
  const write = (day: string[], level: DevotionalLevel, wordLimit: number, settings = defaultAiSettings) =>
    composeDevotional({ analysis: analyses.get(day.join("; "))!, level, wordLimit, settings });

  test("grounding leaves the built-in text as composed", () => {
    for (const day of days.slice(0, 3)) {
      for (const level of levels) {
        const composed = write(day, level, defaultLimits[level]);
        assert.equal(
          devotional({ passages: passagesOf(day), level, wordLimit: defaultLimits[level], settings: defaultAiSettings })
            .content,
          composed,
        );
      }
    }
  });

  test(`default limits: within ±15% for ${days.length} plan days at every level`, () => {
    const misses: string[] = [];
    for (const day of days) {
      for (const level of levels) {
        const words = countWords(write(day, level, defaultLimits[level]));
        if (!within15(words, defaultLimits[level])) misses.push(`${day.join("; ")} ${level}: ${words}`);
      }
    }
    assert.deepEqual(misses, []);
  });

  test("the slider's extremes too (100-500, 200-800, 400-1200 words)", () => {
    const misses: string[] = [];
    for (const day of days.filter((_, index) => index % 2 === 0)) {
      for (const [level, limit] of sliderExtremes) {
        const words = countWords(write(day, level, limit));
        if (!within15(words, limit)) misses.push(`${day.join("; ")} ${level} ${limit}: ${words}`);
      }
    }
    assert.deepEqual(misses, []);
  });
});

describe("built-in devotional content", () => {
  const john3 = [getPassage("John 3", "NKJV")];

  test("deterministic for the same input", () => {
    for (const level of levels) {
      const input = { passages: john3, level, wordLimit: defaultLimits[level], settings: defaultAiSettings };
      assert.equal(devotional(input).content, devotional(input).content);
    }
  });

  test("quotes the passage word for word, labelled with the translation actually shown", () => {
    const { content } = devotional({ passages: john3, level: "beginner", wordLimit: 300, settings: defaultAiSettings });
    assert.match(content, /^## John 3: /);
    assert.match(content, /\*John 3 · Berean Standard Bible \(BSB\)\*/);
    assert.ok(
      content.includes("> For God so loved the world that He gave His one and only Son"),
      "John 3:16 quoted from the BSB",
    );
    assert.match(content, /— John 3:16 \(BSB\)/);
    assert.doesNotMatch(content, /NKJV/, "never labels the BSB text as NKJV");
    const kjv = devotional({
      passages: [getPassage("John 3", "KJV")],
      level: "beginner",
      wordLimit: 300,
      settings: defaultAiSettings,
    }).content;
    assert.ok(kjv.includes("For God so loved the world, that he gave his only begotten Son"));
    assert.match(kjv, /\(KJV\)/);
  });

  test("reflects on the passage with Matthew Henry's words, in complete sentences, with prayer and application", () => {
    const { content } = devotional({ passages: john3, level: "beginner", wordLimit: 300, settings: defaultAiSettings });
    assert.match(
      content,
      /John 3:16[^\n]+“that everyone who believes in Him shall not perish but have eternal life\.”/,
    );
    assert.match(content, /^> .+ — Matthew Henry on John 3:1-21$/m);
    assert.doesNotMatch(content, /appears \d+ times|comes up \d+ times|opens with/);
    assert.match(content, /### Talk to God\n\n\w+ ?\w*, [^\n]+(amen|Amen)\.?/);
    assert.match(content, /### Try This Today\n\n(- .+\n?)+/);
    const reflection = content.split("### Let's Think About It")[1]!.split("###")[0]!;
    for (const paragraph of reflection.trim().split(/\n\n/))
      // A lead-in to a quotation ends with its colon.
      assert.match(
        paragraph.trim(),
        /[.!?”]$|writes:$|this way:$|up:$| — Matthew Henry on [\w :-]+$/,
        "sentences are complete",
      );
  });

  test("deeper levels add context, cross-references and questions", () => {
    const beginner = devotional({
      passages: john3,
      level: "beginner",
      wordLimit: 300,
      settings: defaultAiSettings,
    }).content;
    const intermediate = devotional({
      passages: john3,
      level: "intermediate",
      wordLimit: 500,
      settings: defaultAiSettings,
    }).content;
    const deep = devotional({ passages: john3, level: "deep", wordLimit: 800, settings: defaultAiSettings }).content;
    assert.doesNotMatch(beginner, /### A Bit of Background/);
    assert.match(intermediate, /### Connecting the Dots/);
    assert.match(intermediate, /### Questions for You\n\n1\. /);
    assert.match(
      deep,
      /### A Bit of Background\n\n[^\n]*\bJohn\b[^\n]*a Gospel, traditionally attributed to the apostle John; [^.\n]+\./,
    );
    assert.match(deep, /\n> In this chapter we have, I\. Christ’s discourse with Nicodemus/);
    assert.match(intermediate, /- \*\*John 3:1-21\*\*: “Christ’s discourse with Nicodemus, a Pharisee/);
    assert.match(deep, /### Words That Stand Out/);
    assert.match(
      deep,
      /^[^\n>]*(?:John 3:16[^\n]*Romans 5:8|Romans 5:8[^\n]*John 3:16)[^\n]*:\n\n> But God proves His love for us/m,
    );
    assert.ok((deep.match(/^\d\. /gm) ?? []).length >= 3, "several questions");
  });

  test("every reference it writes exists", () => {
    for (const day of sampleDays().filter((_, index) => index % 4 === 0)) {
      const analysis = analyzePassages(passagesOf(day));
      for (const level of levels) {
        const content = composeDevotional({
          analysis,
          level,
          wordLimit: defaultLimits[level],
          settings: defaultAiSettings,
        });
        const invalid = findReferences(content).filter((reference) => !reference.valid);
        assert.deepEqual(
          invalid.map((reference) => reference.text),
          [],
          `${day.join("; ")} ${level}`,
        );
        assert.doesNotMatch(content, /reference not found/);
      }
    }
  });

  test("follows the tone, style and citation settings", () => {
    const formal: AiSettingsInput = {
      ...defaultAiSettings,
      tone: "Formal",
      writingStyle: "Academic",
      citationFormat: "Footnotes",
    };
    const content = devotional({ passages: john3, level: "intermediate", wordLimit: 500, settings: formal }).content;
    assert.match(content, /### Observations/);
    assert.match(content, /### Prayer\n\n(Almighty God|Eternal God|O Lord),/);
    assert.match(content, /; (through Jesus Christ our Lord|in the name of Jesus Christ)\. Amen\./);
    assert.match(content, /> For God so loved the world[^\n]+ \[1\]/);
    assert.match(content, /### Footnotes\n\n1\. John 3:16 \(Berean Standard Bible\)/);
    const endnotes = devotional({
      passages: john3,
      level: "beginner",
      wordLimit: 300,
      settings: { ...defaultAiSettings, citationFormat: "Endnotes" },
    }).content;
    assert.match(endnotes, /### Endnotes/);
    const devotionalStyle = devotional({
      passages: john3,
      level: "beginner",
      wordLimit: 300,
      settings: { ...defaultAiSettings, writingStyle: "Devotional" },
    }).content;
    assert.match(devotionalStyle, /### Reflect/);
    assert.match(devotionalStyle, /### Pray/);
  });

  test("every combination of settings stays within the limits", () => {
    const analysis = analyzePassages(passagesOf(["Romans 8"]));
    const misses: string[] = [];
    for (const tone of toneChoices) {
      for (const writingStyle of writingStyleChoices) {
        for (const citationFormat of citationFormatChoices) {
          const languageComplexity = languageComplexityChoices[(tone.length + writingStyle.length) % 3]!;
          const settings = { ...defaultAiSettings, tone, writingStyle, citationFormat, languageComplexity };
          for (const level of levels) {
            const words = countWords(composeDevotional({ analysis, level, wordLimit: defaultLimits[level], settings }));
            if (!within15(words, defaultLimits[level]))
              misses.push(`${tone}/${writingStyle}/${citationFormat} ${level}: ${words}`);
          }
        }
      }
    }
    assert.deepEqual(misses, []);
  });

  test("a genealogy is read as God's faithfulness through the generations", () => {
    const { content } = devotional({
      passages: passagesOf(["1 Chronicles 1-2"]),
      level: "beginner",
      wordLimit: 300,
      settings: defaultAiSettings,
    });
    assert.match(content, /^## 1 Chronicles 1-2: God's Faithfulness Through History/);
  });
});

describe("text helpers", () => {
  test("fragments are clauses around a word, without stray quotation marks", () => {
    const verse =
      "Jesus replied, “Truly, truly, I tell you, no one can see the kingdom of God unless he is born again.”";
    const fragment = fragmentAround(verse, "born", 12);
    assert.match(fragment, /born again/);
    assert.doesNotMatch(fragment, /[“”]/);
    assert.equal(quotedSentence("he is born again"), "“he is born again.”");
    assert.equal(quotedSentence("What can man do to me?"), "“What can man do to me?”");
  });

  test("quotes close the quotation marks a verse leaves open", () => {
    assert.equal(
      verseForQuote("Instead, the wrath of God remains on him.”"),
      "Instead, the wrath of God remains on him.",
    );
    assert.equal(verseForQuote("He said, “Come.”"), "He said, “Come.”");
  });
});
