import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { henryChapterText } from "../../../tests/support/writer-checks";
import { commentaryFor, commentaryPanelForReference, searchCommentary } from "./commentary.server";

describe("Matthew Henry's commentary in the Bible database", () => {
  test("commentaryFor gives the sections covering a reference, their text as shipped", () => {
    const found = commentaryFor("John 3:16");
    assert.deepEqual(
      found.sections.map((section) => section.reference),
      ["John 3:1-21"],
    );
    assert.deepEqual(
      found.introductions.map((intro) => intro.reference),
      ["John 3"],
    );
    assert.ok(henryChapterText("John 3")!.includes(found.sections[0]!.text), "stored text is the source's, whole");
    assert.throws(() => commentaryFor("Hezekiah 4:1"), /not a Bible reference/);
  });

  test("the panel opens on the section of the key verse, with each commentary's text on it", () => {
    const panel = commentaryPanelForReference("Psalm 23")!;
    assert.deepEqual(
      panel.sources.map((source) => source.name),
      ["Henry", "Henry Concise", "Spurgeon"],
    );
    const [henry, , spurgeon] = panel.sources;
    assert.equal(henry!.section!.reference, "Psalm 23:1-6");
    assert.match(henry!.intro!.text, /^Many of David’s psalms are full of complaints/);
    assert.match(henry!.section!.excerpt, /shepherd/);
    assert.ok(spurgeon!.quotations.length > 0);
    assert.ok(
      spurgeon!.quotations.every((quotation) => quotation.author && quotation.attribution.includes(quotation.author)),
    );
    const romans = commentaryPanelForReference("Romans 12:1-2")!;
    assert.deepEqual(
      romans.sources.map((source) => source.id),
      ["mhc", "mhcc"],
      "Spurgeon only where he wrote: the Psalms",
    );
  });

  test("another commentary by name, and a clear 404 where it has nothing", () => {
    const concise = commentaryFor("Romans 12:1", "mhcc");
    assert.equal(concise.sourceId, "mhcc");
    assert.deepEqual(
      concise.sections.map((section) => section.reference),
      ["Romans 12:1-2"],
    );
    assert.match(commentaryFor("Psalm 23:1", "tdavid").sections[0]!.text, /What condescension/);
    assert.throws(() => commentaryFor("John 3:16", "tdavid"), /Spurgeon has no commentary on John 3:16/);
  });

  test("full-text search finds the sections where a subject weighs most", () => {
    const hits = searchCommentary("forgiveness", 5).map((hit) => hit.reference);
    assert.ok(hits.includes("Psalm 130:1-4"), hits.join(", "));
    assert.equal(searchCommentary("faith works", 3)[0]?.reference, "James 2:14-26");
    assert.deepEqual(searchCommentary("the and of"), []);
  });
});
