/**
 * Markdown read once, the way the renderer reads it: CommonMark through mdast (micromark's
 * `mdast-util-from-markdown`, the same parser react-markdown uses in components/markdown.tsx).
 * Sections, plain text, word counts and excerpts all walk this tree instead of scanning the text
 * with their own patterns, so what they see is what the reader sees.
 *
 * Shared with the browser (the lesson page splits its sections there); react-markdown already
 * brings the parser, so it costs the page nothing more.
 */
import type { Nodes, Parents, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/**
 * Past this size a text is shown as plain paragraphs and read as plain paragraphs here: micromark
 * is linear but slow on hostile runs ("<<<<", "\\\\": about 15 µs a character). The longest
 * built-in study section is about 10,000 characters.
 */
export const MAX_MARKDOWN = 40_000;
/** Past this many "[", those that cannot open an inline link are escaped: micromark's label scan is quadratic in them. */
const MAX_OPEN_BRACKETS = 100;

/** Escapes each "[" not followed on its line by "...](" with no other "[" between: one pass from each line's end. */
function escapeStrayBrackets(source: string): string {
  return source
    .split("\n")
    .map((line) => {
      if (!line.includes("[")) return line;
      const out: string[] = [];
      let closes = false;
      for (let index = line.length - 1; index >= 0; index--) {
        const char = line[index]!;
        if (char === "]") closes = line[index + 1] === "(";
        if (char === "[") {
          out.push(closes ? "[" : "\\[");
          closes = false;
          continue;
        }
        out.push(char);
      }
      return out.reverse().join("");
    })
    .join("\n");
}

function countOf(text: string, char: string) {
  let count = 0;
  for (let index = text.indexOf(char); index >= 0 && count <= MAX_OPEN_BRACKETS; index = text.indexOf(char, index + 1))
    count++;
  return count;
}

/**
 * The text the parser is given: unchanged, except that past 100 "[" the ones that cannot open a
 * link are escaped. Null past MAX_MARKDOWN: such a text is plain paragraphs.
 */
export function parseableMarkdown(source: string): string | null {
  if (source.length > MAX_MARKDOWN) return null;
  return countOf(source, "[") > MAX_OPEN_BRACKETS ? escapeStrayBrackets(source) : source;
}

/** A text past MAX_MARKDOWN as the renderer shows it: its blank-line-separated paragraphs, as text. */
export function plainParagraphs(source: string): string[] {
  return source.split("\n\n").filter((paragraph) => paragraph.trim());
}

/**
 * The document tree of `source`, with positions (offsets into `source`). Past MAX_MARKDOWN, one
 * text paragraph per blank-line-separated paragraph, as the renderer shows it.
 */
export function markdownTree(source: string): Root {
  const parseable = parseableMarkdown(source.replace(/\r\n?/g, "\n"));
  if (parseable !== null) return fromMarkdown(parseable);
  return {
    type: "root",
    children: plainParagraphs(source).map((paragraph) => ({
      type: "paragraph",
      children: [{ type: "text", value: paragraph }],
    })),
  };
}

export interface InlineTextOptions {
  /** "text (https://…)" for a link whose text is not its address (for the clipboard); its text alone otherwise. */
  linkTargets?: boolean;
}

/** What a reader reads of a node: the text of its words, without markup; line breaks kept. */
export function inlineText(node: Nodes, options: InlineTextOptions = {}): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "code":
    case "html":
      return node.value;
    case "break":
      return "\n";
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "link": {
      const text = childrenText(node, options, "");
      return options.linkTargets && text !== node.url && node.url ? `${text} (${node.url})` : text;
    }
    default:
      return "children" in node ? childrenText(node, options, "") : "";
  }
}

function childrenText(node: Parents, options: InlineTextOptions, separator: string): string {
  return node.children.map((child) => inlineText(child, options)).join(separator);
}

/** The words of a node's text, each block apart from the next (a heading's last word and the next paragraph's first are two words). */
export function blockText(node: Nodes): string {
  if (node.type === "root" || node.type === "blockquote" || node.type === "list" || node.type === "listItem")
    return node.children.map(blockText).join("\n\n");
  return inlineText(node);
}

/** Whether the source had a blank line between two sibling blocks (true when positions are unknown). */
export function blankLineBetween(before: RootContent, after: RootContent): boolean {
  const end = before.position?.end.line;
  const start = after.position?.start.line;
  return end === undefined || start === undefined || start - end > 1;
}
