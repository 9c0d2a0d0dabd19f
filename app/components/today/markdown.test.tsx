import assert from "node:assert/strict";
import { test } from "node:test";
import { renderToStaticMarkup } from "react-dom/server";
import { assertLinear } from "../../../tests/support/hostile-text";
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

test("hostile devotional text renders in linear time", () => {
  // Parsed as markdown up to 40,000 characters (micromark: linear, ~15 µs a character at worst)...
  assertLinear((text) => renderToStaticMarkup(<Markdown content={`## ${text}\n\n${text}`} />), {
    length: 19_000,
    ratio: 8,
  });
  // ...and shown as plain text past that.
  assertLinear((text) => renderToStaticMarkup(<Markdown content={`## ${text}\n\n${text}`} />));
  const stars = renderToStaticMarkup(<Markdown content="a **** b" />);
  assert.match(stars, /a \*\*\*\* b/);
  assert.doesNotMatch(stars, /<strong/);
});
