import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderToStaticMarkup } from "react-dom/server";
import { ScriptureBadge } from "./studies/scripture-badge";
import type { ScriptureTexts } from "./studies/study-content";
import { assertLinearGrowth } from "../../tests/support/hostile-text";
import { MarkdownView } from "./markdown";

const texts: ScriptureTexts = {
  "John 3:16": {
    reference: "John 3:16",
    translation: "BSB",
    text: "For God so loved the world",
    truncated: false,
  },
  "Romans 8:28-30": {
    reference: "Romans 8:28-30",
    translation: "BSB",
    text: "And we know",
    truncated: false,
  },
};

function render(source: string, level = (shown: number) => Math.min(6, shown + 2) as 3 | 4 | 5 | 6) {
  return renderToStaticMarkup(
    <MarkdownView
      source={source}
      headingLevel={level}
      references={{
        has: (reference) => reference in texts,
        render: (reference) => <ScriptureBadge label={reference} entry={texts[reference]!} />,
      }}
    />,
  );
}

describe("the markdown renderer", () => {
  test("headings at the level the page asks, lists, quotes, rules and paragraphs", () => {
    const html = render(
      "# Top\n\n### Heading\n\n- one\n- two\n  continued\n\n3. third\n4. fourth\n\n> quoted\n> more\n\n---\n\nA paragraph\nthat wraps.",
    );
    assert.match(html, /<h3[^>]*>Top<\/h3>/);
    assert.match(html, /<h5[^>]*>Heading<\/h5>/);
    assert.match(html, /<ul[^>]*>\s*<li[^>]*>one<\/li>\s*<li[^>]*>two\ncontinued<\/li>\s*<\/ul>/);
    assert.match(html, /<ol start="3"[^>]*>\s*<li[^>]*>third<\/li>/);
    assert.match(html, /<blockquote[^>]*>\s*<p[^>]*>quoted\nmore<\/p>\s*<\/blockquote>/);
    assert.match(html, /<hr/);
    assert.match(html, /<p[^>]*>A paragraph\nthat wraps.<\/p>/);
  });

  test("bold, italic, code and escapes", () => {
    const html = render("**Trust:** the *LORD* and `code`, 2 \\* 3 \\_x\\_");
    assert.match(html, /<strong[^>]*>Trust:<\/strong> the <em>LORD<\/em> and <code[^>]*>code<\/code>, 2 \* 3 _x_/);
  });

  test("references in parentheses that the page has text for become badges; other parentheses stay text", () => {
    const html = render(
      "God so loved (John 3:16) the world (verse 16).\n\n### (Romans 8:28-30)\n\n`(John 3:16)` in code",
    );
    assert.match(html, /God so loved <button[^>]*>[\s\S]*?John 3:16[\s\S]*?<\/button> the world \(verse 16\)\./);
    assert.match(html, /<h5[^>]*><button[^>]*>[\s\S]*?Romans 8:28-30[\s\S]*?<\/button><\/h5>/);
    assert.match(html, /<code[^>]*>\(John 3:16\)<\/code>/, "code is never a badge");
  });

  test("a reference grounding marked as not found is flagged, never a badge", () => {
    const html = render("see John 30:1 (reference not found).");
    assert.match(html, /see John 30:1 <span class="[^"]*text-destructive[^"]*">\(reference not found\)<\/span>\./);
    assert.doesNotMatch(html, /<button/);
  });

  test("raw HTML comes out as text, never as markup", () => {
    const html = render(
      '<script>alert(1)</script>\n\nA <img src=x onerror="alert(2)"> b\n\n<img src=x onerror="alert(3)">',
    );
    assert.doesNotMatch(html, /<script|<img/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /A &lt;img src=x onerror=&quot;alert\(2\)&quot;&gt; b/);
    assert.match(html, /&lt;img src=x onerror=&quot;alert\(3\)&quot;&gt;/);
  });

  test("only web and mail links are links; javascript: and data: are text; images show their alt text", () => {
    const html = render(
      "[bad](javascript:alert(1)) [data](data:text/html,x) [good](https://example.com) [mail](mailto:a@b.c) ![a cat](https://example.com/cat.png)",
    );
    assert.doesNotMatch(html, /javascript|data:text/);
    assert.match(html, /bad/);
    assert.match(
      html,
      /<a href="https:\/\/example.com" [^>]*target="_blank" rel="noopener noreferrer nofollow">good<\/a>/,
    );
    assert.match(html, /<a href="mailto:a@b.c"/);
    assert.equal(html.match(/<a /g)?.length, 2);
    assert.match(html, /a cat/);
  });

  test("a word study or a chapter of the app's Bible is a link in the same tab; other paths of the app are text", () => {
    const html = render(
      "[Strong’s G26](/bible/strongs/G26) [John 3](/bible/JHN/3) [admin](/admin) [sneaky](/bible/strongs/G26?x=1) [far](//evil.example/bible/JHN/3)",
    );
    assert.match(html, /<a href="\/bible\/strongs\/G26" class="[^"]*">Strong’s G26<\/a>/);
    assert.match(html, /<a href="\/bible\/JHN\/3" class="[^"]*">John 3<\/a>/);
    assert.equal(html.match(/<a /g)?.length, 2);
    assert.doesNotMatch(html, /target=|\/admin"|evil\.example/);
  });
});

describe("hostile markdown (generated text is not trusted)", () => {
  test("a long run of unclosed brackets is escaped, and real links on the same page still work", () => {
    const html = render(`${"[".repeat(30_000)}\n\n[good](https://example.com)`);
    assertLinearGrowth(
      "micromark's label scan over 7,500 and 30,000 brackets",
      7_500,
      (count) => `${"[".repeat(count)}\n\n[good](https://example.com)`,
      render,
    );
    assert.match(html, /\[\[\[\[/);
    assert.match(html, /<a href="https:\/\/example.com"/);
  });

  test("a text too long for markdown is shown as plain paragraphs, still without HTML", () => {
    const html = render(`# Title\n\n<script>x</script>${" word".repeat(10_000)}`);
    assert.doesNotMatch(html, /<h\d|<script/);
    assert.match(html, /# Title/);
  });
});
