/**
 * Words in a piece of markdown as a reader counts them: markup (#, >, -, *, _, list numbers,
 * link targets) is not counted; "3:16" and "don't" are one word each.
 */
export function countWords(markdown: string): number {
  const text = markdown
    // "[" ends the scan: "[[[[..." or "[](x[](x..." would otherwise rescan to the end (quadratic).
    .replace(/\[([^\][]*)\]\([^)[]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, " ")
    .replace(/[*_`~]/g, " ");
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}
