import assert from "node:assert/strict";
import { test } from "node:test";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";
import { devotionalHtml } from "./markdown.server";

test("a devotional's HTML is the Markdown component's own rendering, raw HTML shown as text", () => {
  const content = "## Day 1\n\n**Grace** <script>alert(1)</script> and [a link](javascript:alert(1)).";
  const html = devotionalHtml(content);
  assert.equal(html, renderToStaticMarkup(<Markdown content={content} />));
  assert.doesNotMatch(html, /<script|href="javascript/);
  assert.match(html, /&lt;script&gt;/);
});

test("the cache answers by the text: a changed text gets its own HTML, and an evicted one the same as before", () => {
  const content = `Cached ${Math.random()}`;
  const first = devotionalHtml(content);
  assert.equal(devotionalHtml(content), first, "the same answer");
  assert.match(devotionalHtml(`${content} changed`), /changed/);
  // A thousand other texts later (past the cache's size) it is rendered again, the same.
  for (let index = 0; index < 1000; index++) devotionalHtml(`filler ${index}`);
  assert.equal(devotionalHtml(content), first);
});
