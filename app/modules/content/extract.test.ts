import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { articlePage, prayerArticle, sabbathArticle } from "../../../tests/fixtures/articles";
import { assertLinear, assertLinearGrowth } from "../../../tests/support/hostile-text";
import {
  cleanByline,
  cleanTitle,
  extractArticle,
  extractPlainText,
  MAX_PAGE_DEPTH,
  tagDepthOf,
} from "./extract.server";

describe("extractArticle", () => {
  const page = articlePage(sabbathArticle);
  const article = extractArticle(page);

  test("finds the title, the author and the site", () => {
    assert.equal(article.title, sabbathArticle.title);
    assert.equal(article.byline, sabbathArticle.author);
    assert.equal(article.siteName, sabbathArticle.site);
  });

  test("keeps every paragraph of the article, one per block", () => {
    const paragraphs = article.text.split("\n\n");
    assert.deepEqual(paragraphs, sabbathArticle.paragraphs);
  });

  test("drops navigation, ads, share bars, comments, sidebars, cookie banners and footers", () => {
    for (const noise of [
      "About Us",
      "Spiritual Disciplines",
      "Save 40% on study Bibles",
      "Advertisement",
      "Share on Facebook",
      "Tags:",
      "exactly what I needed",
      "Great post!",
      "Popular Posts",
      "Subscribe to our newsletter",
      "We use cookies",
      "All rights reserved",
      "Privacy Policy",
      "6 min read",
      "window.analytics",
    ]) {
      assert.ok(!article.text.includes(noise), `no "${noise}"`);
    }
  });

  test("a page without a title of its own has none", () => {
    const untitled = extractArticle(articlePage(prayerArticle, { withTitleTag: false, withHeading: false }));
    assert.equal(untitled.title, null);
    assert.match(untitled.text, /Praying a psalm can be as simple/);
  });

  test("a page with little text is not an article", () => {
    assert.throws(
      () =>
        extractArticle(
          "<!doctype html><html><head><title>Home</title></head><body><nav><a href='/'>Home</a></nav><h1>Welcome</h1><p>Sign in.</p></body></html>",
        ),
      (error: Error & { status?: number }) =>
        error.status === 422 && /too little text|couldn't find an article/.test(error.message),
    );
  });
});

describe("cleanByline", () => {
  test("keeps the name and drops 'By', dates and reading times", () => {
    assert.equal(cleanByline("By Jane Doe"), "Jane Doe");
    assert.equal(cleanByline("Written by: John Piper | March 3, 2024"), "John Piper");
    assert.equal(cleanByline("by C. S. Lewis, Jan 5, 2020"), "C. S. Lewis");
    assert.equal(cleanByline("Posted by Mary Smith on March 3, 2024"), "Mary Smith");
    assert.equal(cleanByline("Tim Keller (Redeemer)"), "Tim Keller");
  });

  test("refuses what is not a name", () => {
    assert.equal(cleanByline(null), null);
    assert.equal(cleanByline("https://example.com/authors/jane"), null);
    assert.equal(cleanByline("jane@example.com"), null);
    assert.equal(cleanByline("This is a very long sentence that is certainly not the name of any author at all"), null);
    assert.equal(cleanByline("12/03/2024"), null);
  });

  test("an aside in brackets is dropped only at the end; the name is read from the start of a long line", () => {
    assert.equal(cleanByline("Jane (Jo) Doe"), "Jane (Jo) Doe");
    assert.equal(cleanByline("Jane Doe ((Pastor)"), "Jane Doe");
    assert.equal(cleanByline(`By Jane Doe | ${"x ".repeat(100_000)}`), "Jane Doe");
  });
});

describe("extraction on hostile text (a 500,000-character meta author blocked the server)", () => {
  const html = articlePage(sabbathArticle);
  const withHead = (tag: string) => html.replace("</head>", `${tag}</head>`);
  // Attribute-safe: quotes, ampersands and angle brackets are left out rather than escaped.
  const attribute = (text: string) => text.replace(/["&<]/g, "");

  test("cleanByline, cleanTitle and extractPlainText take linear time", () => {
    assertLinear((text) => cleanByline(text));
    assertLinear((text) => cleanTitle(text, ["Heading"], "Site"));
    assertLinear((text) => extractPlainText(text));
  });

  test("a page whose author or title meta tag is a long run of punctuation is read in linear time", () => {
    assertLinear((text) => extractArticle(withHead(`<meta name="author" content="${attribute(text)}">`)));
    assertLinear((text) => extractArticle(withHead(`<meta property="og:title" content="${attribute(text)}">`)));
  });
});

describe("extraction on hostile markup (100,000 nested <div>s blocked a worker for minutes)", () => {
  const paragraph = "<p>Grace is the free gift of God that meets us where we are and carries us home again today.</p>";
  const page = (body: string) =>
    `<html><head><title>Grace</title></head><body><article>${body}</article></body></html>`;

  test("a long article's paragraphs are read in linear time (childNodes was re-read for every child)", () => {
    assertLinearGrowth(
      "2,000 and 8,000 paragraphs",
      2_000,
      (count) => page(paragraph.repeat(count)),
      (html) => assert.ok(extractArticle(html).text.split("\n\n").length >= 1_980),
    );
  });

  test("a page nested deeper than any article is refused before it is parsed", () => {
    const deep = page(`${"<div>".repeat(100_000)}${paragraph.repeat(20)}${"</div>".repeat(100_000)}`);
    assert.throws(() => extractArticle(deep), /nested too deeply/);
    // Refused by a linear count of tags, not after a parse that grows with the depth.
    assertLinearGrowth(
      "25,000 and 100,000 nested <div>s",
      25_000,
      (depth) => page(`${"<div>".repeat(depth)}${paragraph.repeat(20)}${"</div>".repeat(depth)}`),
      (html) => assert.throws(() => extractArticle(html), /nested too deeply/),
    );
    assert.equal(tagDepthOf(deep), 100_000 + 1);
  });

  test("the markup depth ignores end tags a page may leave out, void elements, comments and scripts", () => {
    assert.equal(tagDepthOf(page(`${"<p>open paragraph ".repeat(5_000)}<br><img src=x>`)), 1);
    assert.equal(tagDepthOf(`<div><!-- <div><div> --><script>"<div><div><div>"</script></div>`), 2);
    assert.equal(tagDepthOf(`<div><span/><section><b>x</b></section></div>`), 3);
    const nested = `${"<div>".repeat(MAX_PAGE_DEPTH - 10)}${paragraph.repeat(20)}${"</div>".repeat(MAX_PAGE_DEPTH - 10)}`;
    assert.ok(extractArticle(page(nested)).text.includes("Grace is the free gift"));
  });

  test("a page with more parts than any article is refused", () => {
    assert.throws(
      () => extractArticle(page(`${paragraph.repeat(20)}${"<span>a</span>".repeat(80_000)}`)),
      /too large to read/,
    );
  });
});

describe("cleanTitle", () => {
  test("drops the site name when the heading or the site name shows it", () => {
    assert.equal(cleanTitle("Grace and Works | Faith Blog", ["Grace and Works"], null), "Grace and Works");
    assert.equal(cleanTitle("Faith Blog - Grace and Works", [], "Faith Blog"), "Grace and Works");
    assert.equal(cleanTitle("Faith: A Study", [], null), "Faith: A Study");
    assert.equal(cleanTitle("", ["Heading Title"], null), "Heading Title");
    assert.equal(cleanTitle(null, [], null), null);
  });
});

describe("extractPlainText", () => {
  test("keeps paragraphs and joins wrapped lines", () => {
    const text = Array.from(
      { length: 4 },
      (_, index) =>
        `Paragraph ${index} has a first line\nthat wraps onto a second line and then keeps going for a while longer.`,
    ).join("\n\n");
    const article = extractPlainText(text);
    assert.equal(article.title, null);
    assert.equal(article.text.split("\n\n").length, 4);
    assert.ok(!article.text.split("\n\n")[0]!.includes("\n"));
  });
});
