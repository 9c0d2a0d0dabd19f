import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { PoolTask } from "~/server/pool.server";
import { pageTooSlowError } from "~/utils/errors";
import { trimTrailing } from "~/utils/text";
import { UnprocessableContentError } from "./errors";
import type { DocumentKind } from "./fetch.server";

export interface ExtractedArticle {
  title: string | null;
  /** The author as the page names them ("Jane Doe"), without "By". */
  byline: string | null;
  siteName: string | null;
  /** The main text, one paragraph per block, paragraphs separated by a blank line. */
  text: string;
}

/** Fewer words than this and the page is a landing page, a login wall or a list, not an article. */
export const MIN_ARTICLE_WORDS = 60;

const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BR",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL",
]);

// Elements that are never part of an article's text.
const ALWAYS_NOISE = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "canvas",
  "form",
  "button",
  "select",
  "textarea",
  "input",
  "dialog",
  "nav",
  "aside",
  "footer",
  "[role=navigation]",
  "[role=banner]",
  "[role=contentinfo]",
  "[role=complementary]",
  "[role=search]",
  "[role=dialog]",
  "[role=alert]",
  "[aria-hidden=true]",
  "[hidden]",
].join(",");

// Class or id words that mark ads, share bars, comment threads, cookie banners and the like.
const NOISE_NAME =
  /(^|[\s_-])(ads?|advert\w*|sponsor\w*|promo\w*|banner|cookie\w*|consent|newsletter|subscribe|subscription|signup|share|sharing|social|related|recommended|popular|trending|comments?|disqus|respond|reply|sidebar|widget|breadcrumbs?|pagination|pager|toolbar|menu|masthead|site-header|site-footer|modal|popup|outbrain|taboola)($|[\s_-])/i;

function wordCount(text: string) {
  return text.split(/\s+/).filter(Boolean).length;
}

function collapse(text: string) {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

// Children are walked through firstChild/nextSibling: linkedom builds a new childNodes list on every
// read, so indexing childNodes in a loop is quadratic (5,000 paragraphs took 2 s).
type DomNode = {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
};

/** Block-aware text of an element: one line per paragraph, heading or list item. */
export function blocksOf(root: DomNode): string[] {
  const blocks: string[] = [];
  let current = "";
  const flush = () => {
    const line = collapse(current);
    if (line) blocks.push(line);
    current = "";
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      current += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== 1) return;
    const block = BLOCK_TAGS.has(node.nodeName.toUpperCase());
    if (block) flush();
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return blocks;
}

// A byline is a name and perhaps a date: anything past this many characters is never part of it.
const MAX_BYLINE_SOURCE = 500;

/** "By Jane Doe | March 3, 2024" -> "Jane Doe"; null when it does not look like a name. */
export function cleanByline(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // trimTrailing: /[,;:.\s]+$/ is quadratic on a long run of punctuation.
  let byline = trimTrailing(
    collapse(raw.slice(0, MAX_BYLINE_SOURCE))
      .replace(/^(written|posted|published|words|article|sermon|message)?\s*by[:\s]+/i, "")
      .split(/\s[|•·–—]\s|\s+on\s+(?=\w+\s+\d)|,\s*(?=(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d)/i)[0]!
      .trim(),
    /[,;:.\s]/,
  );
  if (/^https?:\/\//i.test(byline) || byline.includes("@")) return null;
  if (byline.length > 100 || wordCount(byline) > 8) return null;
  if (!/\p{L}/u.test(byline)) return null;
  // "Jane Doe (Pastor)" -> "Jane Doe": an index, not /\s*\(.*\)$/, which rescans from every "(".
  const aside = byline.indexOf("(");
  if (aside !== -1 && byline.endsWith(")")) byline = byline.slice(0, aside).trim();
  return byline || null;
}

function removeNoise(document: Document) {
  for (const element of Array.from(document.querySelectorAll(ALWAYS_NOISE))) element.remove();
  const body = document.body;
  if (!body) return;
  const bodyLength = collapse(body.textContent ?? "").length || 1;
  for (const element of Array.from(body.querySelectorAll("[class],[id]"))) {
    if (!element.isConnected) continue;
    const names = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
    if (!NOISE_NAME.test(names)) continue;
    // A container that holds the article itself (or most of the page) is not noise, whatever its name.
    if (element.matches("article,main") || element.querySelector("article,main,h1")) continue;
    if (collapse(element.textContent ?? "").length > bodyLength * 0.4) continue;
    element.remove();
  }
  for (const header of Array.from(body.querySelectorAll("header"))) {
    if (!header.closest("article,main")) header.remove();
  }
}

function metaContent(document: Document, selectors: string[]) {
  for (const selector of selectors) {
    const value = document.querySelector(selector)?.getAttribute("content");
    if (value && value.trim()) return collapse(value);
  }
  return null;
}

const BOILERPLATE_LINE =
  /^(advertisement|sponsored|share( this)?( post| article)?|tweet|pin it|email|print|read more|continue reading|click here.*|subscribe.*|sign up.*|related( posts| articles)?|comments?|leave a (comment|reply)|skip to (main )?content|back to top|tags?:.*|filed under.*|posted in.*|©.*|copyright.*|all rights reserved.*)$/i;

/** "By Jane Doe · March 3, 2024 · 6 min read": the byline and date line above an article. */
function isMetaLine(line: string, byline: string | null) {
  if (wordCount(line) > 20) return false;
  const lower = line.toLowerCase();
  if (/\b\d+\s*min(ute)?s?\s+read\b/.test(lower)) return true;
  if (byline && /^(written |posted |published )?by\b/.test(lower) && lower.includes(byline.toLowerCase())) return true;
  return /^((published|updated|posted)( on)?:?\s*)?(\w+day,?\s+)?(\w+\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+\w+\s+\d{4}|\d{4}-\d{2}-\d{2})$/.test(
    lower,
  );
}

/**
 * The article's own title: "Grace and Works | Faith Blog" -> "Grace and Works" when the page's
 * heading or site name shows which part is the site.
 */
export function cleanTitle(raw: string | null, headings: string[], siteName: string | null): string | null {
  const title = collapse(raw ?? "");
  if (!title) return headings[0] ?? null;
  const parts = title
    .split(/\s[|\-–—:·•»]\s/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1) {
    const heading = headings.find((text) => parts.some((part) => part.toLowerCase() === text.toLowerCase()));
    if (heading) return heading;
    if (siteName) {
      const rest = parts.filter((part) => part.toLowerCase() !== siteName.toLowerCase());
      if (rest.length > 0 && rest.length < parts.length) return rest.join(" - ");
    }
  }
  return title;
}

/**
 * Readability and the noise filter cost time per node and per level of nesting (100,000 nested
 * <div>s took minutes). Real articles stay far inside these bounds (a long news page has about
 * 5,000-30,000 nodes, nested 20-60 deep), so a page beyond them is refused before any of that work.
 */
export const MAX_PAGE_NODES = 150_000;
export const MAX_PAGE_DEPTH = 256;

const TOO_DEEP =
  "That page is nested too deeply to read as an article. Use a link to a single blog post or a video with captions.";

/** Generous: the tag count below over-counts where a page leaves an element open. */
const MAX_MARKUP_DEPTH = 4 * MAX_PAGE_DEPTH;

// Elements that have no end tag, or whose end tag may be left out, never count as nesting.
const NOT_NESTING = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "p",
  "li",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "thead",
  "tbody",
  "tfoot",
  "option",
  "optgroup",
  "rb",
  "rt",
  "rp",
  "colgroup",
  "caption",
  "html",
  "head",
  "body",
  "!doctype",
]);

const RAW_TEXT_END = /<\/(?:script|style)/gi;

/** How deeply the start tags of a page nest, read in one pass without parsing it. */
export function tagDepthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  let at = html.indexOf("<");
  while (at !== -1 && at < html.length - 1) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      if (end === -1) break;
      at = html.indexOf("<", end + 3);
      continue;
    }
    const closing = html[at + 1] === "/";
    let nameEnd = at + (closing ? 2 : 1);
    while (nameEnd < html.length && /[A-Za-z0-9!-]/.test(html[nameEnd]!)) nameEnd += 1;
    const name = html.slice(at + (closing ? 2 : 1), nameEnd).toLowerCase();
    const tagEnd = html.indexOf(">", nameEnd);
    if (tagEnd === -1) break;
    if (name && !NOT_NESTING.has(name)) {
      if (closing) depth = Math.max(0, depth - 1);
      else if (html[tagEnd - 1] !== "/") {
        depth += 1;
        if (depth > deepest) deepest = depth;
      }
      // Script and style bodies are text, whatever they hold.
      if (!closing && (name === "script" || name === "style")) {
        RAW_TEXT_END.lastIndex = tagEnd;
        at = RAW_TEXT_END.exec(html)?.index ?? -1;
        continue;
      }
    }
    at = html.indexOf("<", tagEnd + 1);
  }
  return deepest;
}

function assertReadableShape(root: DomNode) {
  let nodes = 0;
  const stack: Array<[DomNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    nodes += 1;
    if (nodes > MAX_PAGE_NODES || depth > MAX_PAGE_DEPTH) {
      throw new UnprocessableContentError(
        nodes > MAX_PAGE_NODES
          ? "That page is too large to read as an article. Use a link to a single blog post or a video with captions."
          : TOO_DEEP,
      );
    }
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push([child, depth + 1]);
  }
}

/**
 * The readable article in a page: its title, author and main text without navigation, ads,
 * share bars, comments and footers. Throws when the page holds no article.
 */
export function extractArticle(html: string): ExtractedArticle {
  // Parsing itself slows down with deep nesting (60,000 nested <div>s took 2 s), so the markup is
  // measured before it is parsed, and the tree again after.
  if (tagDepthOf(html) > MAX_MARKUP_DEPTH) throw new UnprocessableContentError(TOO_DEEP);
  const { document } = parseHTML(html) as unknown as { document: Document };
  assertReadableShape(document as unknown as DomNode);
  const metaTitle = metaContent(document, ['meta[property="og:title"]', 'meta[name="twitter:title"]']);
  const metaAuthor = metaContent(document, ['meta[name="author"]', 'meta[property="article:author"]']);
  const siteName = metaContent(document, ['meta[property="og:site_name"]', 'meta[name="application-name"]']);
  const headings = Array.from(document.querySelectorAll("h1"))
    .map((heading) => collapse(heading.textContent ?? ""))
    .filter(Boolean);
  removeNoise(document);
  const article = new Readability(document, { charThreshold: 300, keepClasses: false }).parse();
  if (!article?.content) {
    throw new UnprocessableContentError(
      "We couldn't find an article on that page. Use a link to a blog post or a video with captions.",
    );
  }
  const title = cleanTitle(metaTitle ?? article.title ?? null, headings, siteName ?? article.siteName ?? null);
  const byline = cleanByline(article.byline) ?? cleanByline(metaAuthor);
  const { document: contentDocument } = parseHTML(
    `<!doctype html><html><body>${article.content}</body></html>`,
  ) as unknown as {
    document: Document;
  };
  const skip = new Set(
    [title, byline, article.byline && collapse(article.byline)].filter(Boolean).map((line) => line!.toLowerCase()),
  );
  const paragraphs = blocksOf(contentDocument.body as unknown as DomNode).filter((line) => {
    const lower = line.toLowerCase();
    if (skip.has(lower) || skip.has(lower.replace(/^by\s+/, ""))) return false;
    if (isMetaLine(line, byline)) return false;
    return !BOILERPLATE_LINE.test(line);
  });
  const text = paragraphs.join("\n\n");
  if (wordCount(text) < MIN_ARTICLE_WORDS) {
    throw new UnprocessableContentError(
      "That page has too little text to summarize. Use a link to a full blog post or a video with captions.",
    );
  }
  return { title, byline, siteName: article.siteName ? collapse(article.siteName) : siteName, text };
}

/** A plain-text document: paragraphs kept, hard-wrapped lines joined. */
export function extractPlainText(text: string): ExtractedArticle {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => collapse(paragraph))
    .filter(Boolean);
  const joined = paragraphs.join("\n\n");
  if (wordCount(joined) < MIN_ARTICLE_WORDS) {
    throw new UnprocessableContentError("That page has too little text to summarize.");
  }
  return { title: null, byline: null, siteName: null, text: joined };
}

/** Reading a fetched page, in the worker pool: parsing a hostile page can take seconds. */
export const extractDocumentTask = {
  name: "extractDocument",
  run: (input: { kind: DocumentKind; text: string }) =>
    input.kind === "html" ? extractArticle(input.text) : extractPlainText(input.text),
  timeoutError: pageTooSlowError,
} satisfies PoolTask;
