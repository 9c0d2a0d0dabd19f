import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { blockText, inlineText, markdownTree, MAX_MARKDOWN, parseableMarkdown } from "./markdown-tree";

describe("the document tree every text helper reads", () => {
  test("inline text drops markup; links keep their text, or add their address when asked", () => {
    const [paragraph] = markdownTree("**Faith** is *trust* in `him` ([notes](https://example.com))").children;
    assert.equal(inlineText(paragraph!), "Faith is trust in him (notes)");
    assert.equal(inlineText(paragraph!, { linkTargets: true }), "Faith is trust in him (notes (https://example.com))");
    const [autolink] = markdownTree("<https://example.com>").children;
    assert.equal(inlineText(autolink!, { linkTargets: true }), "https://example.com");
  });

  test("block text keeps blocks apart, so words at their edges stay two words", () => {
    assert.equal(blockText(markdownTree("## Grace\nGiven\n\n> - one\n> - two")), "Grace\n\nGiven\n\none\n\ntwo");
  });

  test("the renderer's guards: stray brackets escaped past 100, plain paragraphs past the size limit", () => {
    const brackets = `${"[".repeat(150)} [a](https://example.com)`;
    assert.equal(parseableMarkdown(brackets), `${"\\[".repeat(150)} [a](https://example.com)`);
    assert.equal(parseableMarkdown("[a] [b](x)"), "[a] [b](x)");
    const long = `## Title\n\n${"word ".repeat(MAX_MARKDOWN / 5)}`;
    assert.equal(parseableMarkdown(long), null);
    const tree = markdownTree(long);
    assert.deepEqual(
      tree.children.map((node) => node.type),
      ["paragraph", "paragraph"],
    );
    assert.equal(inlineText(tree.children[0]!), "## Title");
  });
});
