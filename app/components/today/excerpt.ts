/**
 * The opening of a devotional for the depth chooser: its title and first words of prose, from the
 * markdown (headings, the translation line and quotes are skipped; emphasis marks are dropped).
 */
export function devotionExcerpt(markdown: string, maxWords = 40): { title: string | null; opening: string } {
  let title: string | null = null;
  const words: string[] = [];
  for (const raw of markdown.split(/\n\s*\n/)) {
    const block = raw.trim();
    if (!block) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(block);
    if (heading) {
      title ??= plain(heading[1]!);
      continue;
    }
    if (block.startsWith(">") || /^[*_][^*_].*[*_]$/.test(block) || /^[-*+]\s|^\d+\.\s/.test(block)) continue;
    words.push(...plain(block).split(/\s+/).filter(Boolean));
    if (words.length >= maxWords) break;
  }
  const opening = words.slice(0, maxWords).join(" ");
  return { title, opening: words.length > maxWords ? `${opening.replace(/[,;:.]$/, "")}…` : opening };
}

function plain(text: string) {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
