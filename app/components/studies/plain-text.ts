import type { List, RootContent } from "mdast";
import { blankLineBetween, inlineText, markdownTree } from "~/utils/markdown-tree";

/**
 * A lesson's markdown as plain text for the clipboard or a message: headings in capitals, no
 * emphasis marks, quotes indented, list items kept, links as "text (address)". Read from the
 * document tree (utils/markdown-tree.ts); blocks keep the blank lines the text had between them.
 */
export function lessonPlainText(markdown: string): string {
  return blocks(markdownTree(markdown).children).join("\n").trim();
}

/** The lines of a run of sibling blocks, with one empty line where the text had blank lines. */
function blocks(nodes: RootContent[]): string[] {
  const lines: string[] = [];
  nodes.forEach((node, index) => {
    const own = block(node);
    if (own.length === 0) return;
    if (lines.length > 0 && blankLineBetween(nodes[index - 1]!, node)) lines.push("");
    lines.push(...own);
  });
  return lines;
}

function block(node: RootContent): string[] {
  switch (node.type) {
    case "heading":
      return [inline(node).toUpperCase()];
    case "blockquote":
      return blocks(node.children).map((line) => (line ? `    ${line}` : ""));
    case "list":
      return listLines(node);
    case "thematicBreak":
      return ["---"];
    case "definition":
      return [];
    default:
      return inline(node).split("\n");
  }
}

function listLines(list: List): string[] {
  const start = list.start ?? 1;
  return list.children.flatMap((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : "- ";
    const [first = "", ...rest] = blocks(item.children);
    const indent = " ".repeat(marker.length);
    return [`${marker}${first}`, ...rest.map((line) => (line ? `${indent}${line}` : ""))];
  });
}

function inline(node: RootContent): string {
  return inlineText(node, { linkTargets: true });
}
