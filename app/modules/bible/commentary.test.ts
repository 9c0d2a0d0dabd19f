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

  test("the panel opens on the section of the key verse, with Henry's paragraph on it", () => {
    const panel = commentaryPanelForReference("Psalm 23")!;
    assert.equal(panel.section!.reference, "Psalms 23:1-6");
    assert.match(panel.intro!.text, /^Many of David’s psalms are full of complaints/);
    assert.ok(panel.section!.text.includes(panel.section!.excerpt));
  });

  test("full-text search finds the sections where a subject weighs most", () => {
    const hits = searchCommentary("forgiveness", 5).map((hit) => hit.reference);
    assert.ok(hits.includes("Psalms 130:1-4"), hits.join(", "));
    assert.equal(searchCommentary("faith works", 3)[0]?.reference, "James 2:14-26");
    assert.deepEqual(searchCommentary("the and of"), []);
  });
});
