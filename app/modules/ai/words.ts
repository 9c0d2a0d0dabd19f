import { LRUCache } from "lru-cache";
import { blockText, markdownTree } from "~/utils/markdown-tree";

/**
 * Words in a paragraph (or any run of blocks without a blank line) as a reader counts them, from
 * its document tree: markup (#, >, -, *, _, list numbers, link targets) is not counted; "3:16" and
 * "don't" are one word each.
 */
function countBlockWords(markdown: string): number {
  let count = 0;
  for (const token of blockText(markdownTree(markdown)).split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}

/**
 * The writer counts each devotional dozens of times while it chooses what fits (compose.ts), and
 * the paragraphs repeat from one try to the next: each is parsed once. No block's words cross a
 * blank line, so the sum of the paragraphs' counts is the whole text's.
 */
const paragraphWords = new LRUCache<string, number>({ max: 4_000 });

/** Words in a piece of markdown as a reader counts them (see countBlockWords). */
export function countWords(markdown: string): number {
  let total = 0;
  for (const paragraph of markdown.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    if (!paragraph.trim()) continue;
    let count = paragraphWords.get(paragraph);
    if (count === undefined) {
      count = countBlockWords(paragraph);
      paragraphWords.set(paragraph, count);
    }
    total += count;
  }
  return total;
}
