import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertLinear } from "../../../tests/support/hostile-text";
import { isCollapsibleTitle, parenthesizedGroups, parseInline, parseMarkdown, splitStudySections } from "./markdown";

describe("study sections", () => {
  test("text before the first ## is the overview; each ## starts a section", () => {
    const parts = splitStudySections("Intro line.\n\nMore intro.\n\n## Key Scriptures\n\n> verse\n\n## Closing Prayer\nAmen.");
    assert.equal(parts.overview, "Intro line.\n\nMore intro.");
    assert.deepEqual(
      parts.sections.map((section) => [section.title, section.body, section.collapsible]),
      [["Key Scriptures", "> verse", true], ["Closing Prayer", "Amen.", false]],
    );
  });

  test("### does not start a section, and a study without ## is all overview", () => {
    const parts = splitStudySections("Only text\n### A subheading\nmore");
    assert.equal(parts.sections.length, 0);
    assert.match(parts.overview, /### A subheading/);
  });

  test("the spec's section kinds are collapsible, others are not", () => {
    for (const title of ["Key Scriptures", "Key Scripture", "Application Points", "Application Steps", "Study Questions", "Discussion Questions", "Cross-References", "Cross References", "Group Activity", "Activities"]) {
      assert.ok(isCollapsibleTitle(title), title);
    }
    for (const title of ["Closing Prayer", "Outline", "Key Words", "Background"]) assert.equal(isCollapsibleTitle(title), false, title);
    assert.equal(splitStudySections("## **Discussion Questions**\n1. Why?").sections[0]!.title, "Discussion Questions");
  });
});

describe("markdown blocks", () => {
  test("headings, lists, quotes, rules and paragraphs", () => {
    const blocks = parseMarkdown("### Heading\n\n- one\n- two\n  continued\n\n1. first\n2. second\n\n> quoted\n> more\n\n---\n\nA paragraph\nthat wraps.");
    assert.deepEqual(blocks.map((block) => block.type), ["heading", "list", "list", "quote", "rule", "paragraph"]);
    const [, bullets, numbers] = blocks as Array<Extract<(typeof blocks)[number], { type: "list" }>>;
    assert.equal(bullets!.ordered, false);
    assert.deepEqual(bullets!.items, [[{ type: "text", text: "one" }], [{ type: "text", text: "two continued" }]]);
    assert.equal(numbers!.ordered, true);
    assert.deepEqual(blocks.at(-1), { type: "paragraph", children: [{ type: "text", text: "A paragraph that wraps." }] });
  });

  test("raw HTML stays text: nothing from the content becomes markup", () => {
    const blocks = parseMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)">');
    assert.deepEqual(blocks, [{ type: "paragraph", children: [{ type: "text", text: '<script>alert(1)</script> <img src=x onerror="alert(2)">' }] }]);
  });
});

describe("inline markdown", () => {
  const isScripture = (text: string) => ["John 3:16", "Romans 8:28-30"].includes(text);

  test("bold, italic and code", () => {
    assert.deepEqual(parseInline("**Trust:** the *LORD* and `code`"), [
      { type: "strong", children: [{ type: "text", text: "Trust:" }] },
      { type: "text", text: " the " },
      { type: "em", children: [{ type: "text", text: "LORD" }] },
      { type: "text", text: " and " },
      { type: "code", text: "code" },
    ]);
  });

  test("references in parentheses become scripture badges; other parentheses stay text", () => {
    assert.deepEqual(parseInline("God so loved (John 3:16) the world (verse 16).", isScripture), [
      { type: "text", text: "God so loved " },
      { type: "scripture", reference: "John 3:16" },
      { type: "text", text: " the world (verse 16)." },
    ]);
    assert.deepEqual(parseInline("### (Romans 8:28-30)".slice(4), isScripture), [{ type: "scripture", reference: "Romans 8:28-30" }]);
  });

  test("a reference grounding marked as not found is flagged, never a badge", () => {
    assert.deepEqual(parseInline("see John 30:1 (reference not found).", isScripture), [
      { type: "text", text: "see John 30:1 " },
      { type: "missing", text: "(reference not found)" },
      { type: "text", text: "." },
    ]);
  });

  test("escapes are literal and only safe links are links", () => {
    assert.deepEqual(parseInline("2 \\* 3 \\_x\\_"), [{ type: "text", text: "2 * 3 _x_" }]);
    assert.deepEqual(parseInline("[bad](javascript:alert(1)) [good](https://example.com)"), [
      { type: "text", text: "bad) " },
      { type: "link", href: "https://example.com", children: [{ type: "text", text: "good" }] },
    ]);
  });

  test("parenthesised groups are listed for the server's verse lookup", () => {
    assert.deepEqual(parenthesizedGroups("a (John 3:16) b (see below) c ( Psalm 23 )"), ["John 3:16", "see below", "Psalm 23"]);
  });
});

describe("hostile markdown (generated text is not trusted)", () => {
  test("a heading marker without text is a paragraph, not an endless loop", () => {
    assert.deepEqual(parseMarkdown("## \n\nText"), [
      { type: "paragraph", children: [{ type: "text", text: "##" }] },
      { type: "paragraph", children: [{ type: "text", text: "Text" }] },
    ]);
    assert.deepEqual(parseMarkdown("## Grace ##  "), [{ type: "heading", level: 2, children: [{ type: "text", text: "Grace" }] }]);
    assert.equal(splitStudySections("## Key Scriptures #\nx").sections[0]!.title, "Key Scriptures");
  });

  test("sections, blocks and inline marks take linear time", () => {
    assertLinear((text) => splitStudySections(`## ${text}\n${text}`));
    // Two copies, read a character at a time: a looser bound.
    assertLinear((text) => parseMarkdown(`## ${text}\n\n${text}`), { boundMs: 1500 });
    assertLinear((text) => parseInline(`[${text}`));
    assertLinear((text) => parenthesizedGroups(text));
  });
});
