/**
 * A lesson's markdown as plain text for the clipboard or a message: headings in capitals, no
 * emphasis marks, quotes indented, list items kept. Pure, with tests beside it.
 */
export function lessonPlainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => {
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      if (heading) return stripInline(heading[1]!).toUpperCase();
      const quote = /^>\s?(.*)$/.exec(line);
      if (quote) return `    ${stripInline(quote[1]!)}`;
      return stripInline(line).replace(/^(\s*)[*+]\s/, "$1- ");
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function stripInline(text: string) {
  return text
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, "$1 ($2)")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1");
}
