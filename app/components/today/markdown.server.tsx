import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";
import { LRUCache } from "lru-cache";

/**
 * Devotionals rendered once, kept by a hash of their text: a cached devotional is the same
 * markdown for every reader of that day, and parsing it (micromark, mdast, hast) was most of what
 * a Today page cost. Only a cache: the row's text stays the truth, and a changed text is another
 * key. The HTML comes from the app's one Markdown renderer (React elements, raw HTML shown as
 * text, safe links only), so it is as safe as rendering the component in the page.
 */
const rendered = new LRUCache<string, string>({ max: 500 });

export function devotionalHtml(content: string): string {
  const key = createHash("sha256").update(content).digest("base64");
  let html = rendered.get(key);
  if (html === undefined) rendered.set(key, (html = renderToStaticMarkup(<Markdown content={content} />)));
  return html;
}
