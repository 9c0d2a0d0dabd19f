import { inlineText, markdownTree } from "~/utils/markdown-tree";

/**
 * The opening of a devotional for the depth chooser: its title and first words of prose, from the
 * document tree (utils/markdown-tree.ts): the first heading is the title; other headings, the
 * translation line (a paragraph that is all emphasis), quotes and lists are skipped.
 */
export interface DevotionExcerpt {
  title: string | null;
  opening: string;
}

/**
 * Read on the server (Today's loader and /today/devotions), so the page's own scripts do not carry
 * the markdown parser.
 */
export function devotionExcerpt(markdown: string, maxWords = 40): DevotionExcerpt {
  let title: string | null = null;
  const words: string[] = [];
  for (const node of markdownTree(markdown).children) {
    if (node.type === "heading") {
      title ??= plain(inlineText(node)) || null;
      continue;
    }
    if (node.type !== "paragraph") continue;
    const [only, ...others] = node.children;
    if (only && others.length === 0 && only.type === "emphasis") continue;
    words.push(...plain(inlineText(node)).split(" ").filter(Boolean));
    if (words.length >= maxWords) break;
  }
  const opening = words.slice(0, maxWords).join(" ");
  return { title, opening: words.length > maxWords ? `${opening.replace(/[,;:.]$/, "")}…` : opening };
}

function plain(text: string) {
  return text.replace(/\s+/g, " ").trim();
}
