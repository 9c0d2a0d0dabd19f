import assert from "node:assert/strict";
import { test } from "node:test";
import { renderToStaticMarkup } from "react-dom/server";
import { MAX_MARKDOWN } from "~/utils/markdown-tree";
import { assertLinear, assertNoCostlierThan } from "../../../tests/support/hostile-text";
import { Markdown } from "./markdown";

test("renders markup, shifting headings under the card's own", () => {
  const html = renderToStaticMarkup(
    <Markdown content={"## John 3\n\n**Bold** and _soft_ and [site](https://example.com)."} />,
  );
  assert.match(html, /<h3[^>]*>John 3<\/h3>/);
  assert.match(html, /<strong[^>]*>Bold<\/strong>/);
  assert.match(html, /<em>soft<\/em>/);
  assert.match(html, /<a href="https:\/\/example.com" [^>]*target="_blank" rel="noopener noreferrer nofollow"/);
});

test("never renders raw HTML or unsafe links", () => {
  const html = renderToStaticMarkup(
    <Markdown
      content={'<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))'}
    />,
  );
  assert.doesNotMatch(html, /<script|<img/);
  assert.match(html, /&lt;script&gt;/);
  assert.doesNotMatch(html, /href="javascript/);
});

test("hostile devotional text costs no more than an honest one of the same length, and plain text past the cap is linear", () => {
  const render = (text: string) => renderToStaticMarkup(<Markdown content={`## ${text}\n\n${text}`} />);
  // Parsed as markdown up to MAX_MARKDOWN (both copies: 38,000 characters). Measured: the worst
  // hostile text ("[" runs, escaped) 5.4 times the prose below, newline runs 2.5 to 2.8.
  const paragraph =
    "The Lord is my shepherd; I shall not want. He makes me lie down in **green pastures**, he leads me " +
    "beside still waters (Psalm 23:1-2). Read [the psalm](https://example.com/ps23) slowly, and ask: " +
    "_what_ does it mean that he restores my soul?\n\n";
  const length = 19_000;
  const prose = paragraph.repeat(Math.ceil(length / paragraph.length)).slice(0, length);
  assertNoCostlierThan(render, prose, { length, limit: 15 });
  // ...and shown as plain paragraphs past it, at every size.
  const pastTheCap = " ".repeat(MAX_MARKDOWN);
  assertLinear((text) => render(`${text}\n\n${pastTheCap}`));
  const stars = renderToStaticMarkup(<Markdown content="a **** b" />);
  assert.match(stars, /a \*\*\*\* b/);
  assert.doesNotMatch(stars, /<strong/);
});
