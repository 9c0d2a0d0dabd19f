import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { countVerses, parseReference } from "~/modules/bible/references.server";
import { buildPlanCatalogue } from "./builders";

describe("every plan day resolves to Scripture text", () => {
  for (const plan of buildPlanCatalogue()) {
    test(plan.slug, () => {
      plan.days.forEach((day, index) => {
        for (const reference of day) {
          const parsed = parseReference(reference);
          assert.ok(parsed.ok, `${plan.slug} day ${index + 1}: ${reference} ${parsed.ok ? "" : parsed.message}`);
          if (!parsed.ok) continue;
          for (const translation of ["BSB", "KJV", "WEB"]) {
            const passage = passageFromRanges(parsed.ranges, translation);
            assert.equal(passage.verses.length, countVerses(parsed.ranges), `${reference}: every verse present`);
            assert.ok(passage.text.length > 20, `${reference} (${translation}) has text`);
            const empty = passage.verses.filter((verse) => !verse.text).length;
            // The BSB and WEB leave out a handful of verses that later manuscripts add (Matthew 17:21...).
            assert.ok(empty <= 3, `${reference} (${translation}): ${empty} empty verses`);
          }
        }
      });
    });
  }
});
