import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { buildPlanCatalogue } from "~/modules/plans/builders";
import firstPlansJson from "./content/first-plans.json";
import { firstPlans, parseFirstPlans, suggestFirstPlan } from "./first-plan";

describe("first-plans.json", () => {
  test("names plans of the catalogue, with the daily reading they really have", () => {
    const catalogue = new Map(buildPlanCatalogue().map((plan) => [plan.slug, plan]));
    for (const entry of firstPlans.plans) {
      const plan = catalogue.get(entry.slug);
      assert.ok(plan, `${entry.slug} is a plan of the catalogue`);
      let words = 0;
      for (const day of plan.days) {
        for (const reference of day) {
          const parsed = parseReference(reference);
          assert.ok(parsed.ok, reference);
          if (parsed.ok) words += passageFromRanges(parsed.ranges, "BSB").text.split(/\s+/).length;
        }
      }
      const minutes = words / plan.days.length / firstPlans.wordsPerMinute;
      assert.ok(
        Math.abs(minutes - entry.readingMinutes) <= 0.2,
        `${entry.slug}: readingMinutes ${entry.readingMinutes}, the text says ${minutes.toFixed(2)}`,
      );
    }
  });

  test("a file that breaks the rules is refused with the path of each mistake", () => {
    const broken = {
      ...firstPlansJson,
      minuteChoices: [10, 5],
      defaultMinutes: 7,
      plans: [{ slug: "Not A Slug", readingMinutes: -1, why: "" }],
    };
    assert.throws(
      () => parseFirstPlans(broken),
      (error: Error) =>
        /first-plans\.json is invalid/.test(error.message) &&
        /plans\[0\]\.slug/.test(error.message) &&
        /plans\[0\]\.readingMinutes/.test(error.message),
    );
    assert.throws(() => parseFirstPlans({ ...firstPlansJson, defaultMinutes: 7 }), /defaultMinutes must be one of/);
    assert.throws(() => parseFirstPlans({ ...firstPlansJson, minuteChoices: [10, 5] }), /smallest to the largest/);
    assert.throws(() => parseFirstPlans({ ...firstPlansJson, extra: true }), /extra/);
  });
});

describe("suggestFirstPlan", () => {
  const data = parseFirstPlans({
    wordsPerMinute: 200,
    minuteChoices: [5, 10, 20],
    defaultMinutes: 10,
    plans: [
      { slug: "short", readingMinutes: 2, why: "A short reading each day." },
      { slug: "middle", readingMinutes: 5, why: "A middle reading each day." },
      { slug: "long", readingMinutes: 12, why: "A long reading each day." },
    ],
  });

  test("the longest daily reading that fits the time with the devotional at the reader's depth", () => {
    assert.equal(suggestFirstPlan(5, 300, data).slug, "short");
    assert.equal(suggestFirstPlan(10, 300, data).slug, "middle");
    assert.equal(suggestFirstPlan(20, 300, data).slug, "long");
    // Deep Study's 800 words take 4 minutes: 12 + 4 fits 20, 5 + 4 fits 10.
    assert.equal(suggestFirstPlan(10, 800, data).slug, "middle");
    assert.equal(suggestFirstPlan(15, 800, data).slug, "middle");
  });

  test("when nothing fits, the shortest plan", () => {
    assert.equal(suggestFirstPlan(1, 800, data).slug, "short");
  });

  test("the shipped list: a week in the Sermon on the Mount for five minutes, the Gospels for twenty", () => {
    assert.equal(suggestFirstPlan(5, 300).slug, "sermon-on-the-mount-7-days");
    assert.equal(suggestFirstPlan(20, 500).slug, "gospels-30-days");
    // The depth changes the answer: ten minutes holds five psalms and a short devotional, not a long one.
    assert.equal(suggestFirstPlan(10, 300).slug, "psalms-30-days");
    assert.equal(suggestFirstPlan(10, 800).slug, "gospel-of-john-21-days");
  });
});
