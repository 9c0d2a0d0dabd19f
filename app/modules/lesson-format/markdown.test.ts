import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertLinear } from "../../../tests/support/hostile-text";
import { isCollapsibleTitle, parenthesizedGroups, splitStudySections } from "./markdown";

describe("study sections", () => {
  test("text before the first ## is the overview; each ## starts a section", () => {
    const parts = splitStudySections(
      "Intro line.\n\nMore intro.\n\n## Key Scriptures\n\n> verse\n\n## Closing Prayer\nAmen.",
    );
    assert.equal(parts.overview, "Intro line.\n\nMore intro.");
    assert.deepEqual(
      parts.sections.map((section) => [section.title, section.body, section.collapsible]),
      [
        ["Key Scriptures", "> verse", true],
        ["Closing Prayer", "Amen.", false],
      ],
    );
  });

  test("### does not start a section, and a study without ## is all overview", () => {
    const parts = splitStudySections("Only text\n### A subheading\nmore");
    assert.equal(parts.sections.length, 0);
    assert.match(parts.overview, /### A subheading/);
  });

  test("the spec's section kinds are collapsible, others are not", () => {
    for (const title of [
      "Key Scriptures",
      "Key Scripture",
      "Application Points",
      "Application Steps",
      "Study Questions",
      "Discussion Questions",
      "Cross-References",
      "Cross References",
      "Group Activity",
      "Activities",
    ]) {
      assert.ok(isCollapsibleTitle(title), title);
    }
    for (const title of ["Closing Prayer", "Outline", "Key Words", "Background"])
      assert.equal(isCollapsibleTitle(title), false, title);
    assert.equal(splitStudySections("## **Discussion Questions**\n1. Why?").sections[0]!.title, "Discussion Questions");
  });
});

describe("scripture lookup", () => {
  test("parenthesised groups are listed for the server's verse lookup", () => {
    assert.deepEqual(parenthesizedGroups("a (John 3:16) b (see below) c ( Psalm 23 )"), [
      "John 3:16",
      "see below",
      "Psalm 23",
    ]);
  });
});

describe("hostile markdown (generated text is not trusted)", () => {
  test("a closing heading marker is not part of a section title", () => {
    assert.equal(splitStudySections("## Key Scriptures #\nx").sections[0]!.title, "Key Scriptures");
  });

  test("scripture groups take linear time (sections are read from the parsed tree: utils/markdown-tree.ts)", () => {
    assertLinear((text) => parenthesizedGroups(text));
  });

  test("a ## inside a fenced block or a quote does not start a section; an underlined heading does", () => {
    const parts = splitStudySections(
      "Intro\n\n```\n## not a section\n```\n\n> ## nor this\n\nOutline\n-------\n\n1. First",
    );
    assert.deepEqual(
      parts.sections.map((section) => [section.title, section.body]),
      [["Outline", "1. First"]],
    );
    assert.match(parts.overview, /## not a section/);
  });
});
