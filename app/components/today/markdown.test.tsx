import assert from "node:assert/strict";
import { test } from "node:test";
import { renderToStaticMarkup } from "react-dom/server";
import { assertLinear } from "../../../tests/support/hostile-text";
import { Markdown, parseMarkdown } from "./markdown";

test("parses the blocks a devotional uses", () => {
  const blocks = parseMarkdown("## Title\n\nA *line*\nand more.\n\n> Quote one\n> quote two\n\n- a\n- b\n\n1. first\n2. second\n\n---");
  assert.deepEqual(blocks, [
    { type: "heading", level: 2, text: "Title" },
    { type: "paragraph", text: "A *line* and more." },
    { type: "quote", lines: ["Quote one", "quote two"] },
    { type: "list", ordered: false, items: ["a", "b"] },
    { type: "list", ordered: true, items: ["first", "second"] },
    { type: "rule" },
  ]);
});

test("renders markup, shifting headings under the card's own", () => {
  const html = renderToStaticMarkup(<Markdown content={"## John 3\n\n**Bold** and _soft_ and [site](https://example.com)."} />);
  assert.match(html, /<h3[^>]*>John 3<\/h3>/);
  assert.match(html, /<strong>Bold<\/strong>/);
  assert.match(html, /<em>soft<\/em>/);
  assert.match(html, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer nofollow"/);
});

test("never renders raw HTML or unsafe links", () => {
  const html = renderToStaticMarkup(
    <Markdown content={'<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))'} />,
  );
  assert.doesNotMatch(html, /<script|<img/);
  assert.match(html, /&lt;script&gt;/);
  assert.doesNotMatch(html, /href="javascript/);
});

test("hostile devotional text renders in linear time", () => {
  assertLinear((text) => renderToStaticMarkup(<Markdown content={`## ${text}\n\n${text}`} />), { boundMs: 1500 });
  const stars = renderToStaticMarkup(<Markdown content="a **** b" />);
  assert.match(stars, /a \*\*\*\* b/);
  assert.doesNotMatch(stars, /<strong>/);
});
