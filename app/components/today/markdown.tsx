import { Fragment, type ReactNode } from "react";
import { cn } from "~/utils/cn";
import { headingText } from "~/utils/text";

/**
 * A small, safe Markdown renderer for devotionals: headings, paragraphs, block quotes, lists,
 * rules, bold, italic, code and http(s) links. It builds React elements only, so any HTML in the
 * text is shown as text, never interpreted.
 */

export type MarkdownBlock =
  | { type: "heading"; level: number; text: string }
  | { type: "paragraph"; text: string }
  | { type: "quote"; lines: string[] }
  | { type: "list"; ordered: boolean; items: string[] }
  | { type: "rule" };

export function parseMarkdown(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1]!.length, text: headingText(heading[2]!) });
      index += 1;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ type: "rule" });
      index += 1;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const quote: string[] = [];
      while (index < lines.length && /^\s{0,3}>/.test(lines[index]!)) {
        quote.push(lines[index]!.replace(/^\s{0,3}>\s?/, ""));
        index += 1;
      }
      blocks.push({ type: "quote", lines: quote });
      continue;
    }
    const listItem = /^\s{0,3}([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (listItem) {
      const ordered = /\d/.test(listItem[1]!);
      const items: string[] = [];
      while (index < lines.length) {
        const item = /^\s{0,3}([-*+]|\d+[.)])\s+(.*)$/.exec(lines[index]!);
        if (item && /\d/.test(item[1]!) === ordered) {
          items.push(item[2]!);
        } else if (items.length > 0 && /^\s{2,}\S/.test(lines[index]!)) {
          items[items.length - 1] += ` ${lines[index]!.trim()}`;
        } else {
          break;
        }
        index += 1;
      }
      blocks.push({ type: "list", ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      lines[index]!.trim() !== "" &&
      !/^\s{0,3}(#{1,6}\s|>|([-*+]|\d+[.)])\s)/.test(lines[index]!)
    ) {
      paragraph.push(lines[index]!.trim());
      index += 1;
    }
    blocks.push({ type: "paragraph", text: paragraph.join(" ") });
  }
  return blocks;
}

// No "[" in a link's text or address: otherwise every "[" of "[[[[..." scans to the end.
const inlinePattern = /(\*\*[^*]+?\*\*|__[^_]+?__|\*[^*\s][^*]*?\*|_[^_\s][^_]*?_|`[^`]+`|\[[^\][]+\]\([^)\s[]+\))/g;

export function renderInline(text: string): ReactNode[] {
  const parts = text.split(inlinePattern);
  return parts.map((part, index) => {
    if (!part) return null;
    // split() puts the pattern's matches at odd indices: the rest is plain text, even when it starts
    // and ends with "**" (reading "******..." as nested emphasis recursed once per pair: quadratic).
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    if ((part.startsWith("**") && part.endsWith("**")) || (part.startsWith("__") && part.endsWith("__"))) {
      return <strong key={index}>{renderInline(part.slice(2, -2))}</strong>;
    }
    if ((part.startsWith("*") && part.endsWith("*")) || (part.startsWith("_") && part.endsWith("_") && part.length > 2)) {
      return <em key={index}>{renderInline(part.slice(1, -1))}</em>;
    }
    if (part.startsWith("`") && part.endsWith("`")) {
      return <code key={index} className="rounded bg-muted px-1 text-[0.9em]">{part.slice(1, -1)}</code>;
    }
    const link = /^\[([^\][]+)\]\(([^)\s[]+)\)$/.exec(part);
    if (link) {
      // Only web links become anchors; anything else (javascript:, data:) stays plain text.
      return /^https?:\/\//i.test(link[2]!) ? (
        <a key={index} href={link[2]} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-2">
          {link[1]}
        </a>
      ) : (
        <Fragment key={index}>{link[1]}</Fragment>
      );
    }
    return <Fragment key={index}>{part}</Fragment>;
  });
}

const headingClasses: Record<number, string> = {
  3: "text-lg font-semibold leading-snug",
  4: "mt-5 text-base font-semibold",
  5: "mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground",
  6: "mt-4 text-sm font-semibold",
};

/**
 * Renders devotional markdown. Headings are shifted down by `headingOffset` so a "## " title
 * sits below the card's own heading in the page outline.
 */
export function Markdown({ content, headingOffset = 1, className }: { content: string; headingOffset?: number; className?: string }) {
  const blocks = parseMarkdown(content);
  return (
    <div className={cn("space-y-3 text-[0.95rem] leading-relaxed", className)}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading": {
            const level = Math.min(6, Math.max(3, block.level + headingOffset));
            const Tag = `h${level}` as "h3" | "h4" | "h5" | "h6";
            return (
              <Tag key={index} className={headingClasses[level]}>
                {renderInline(block.text)}
              </Tag>
            );
          }
          case "paragraph":
            return <p key={index}>{renderInline(block.text)}</p>;
          case "quote":
            return (
              <blockquote key={index} className="border-l-4 border-primary/40 bg-muted/50 py-2 pl-4 pr-2 italic">
                {block.lines.map((line, lineIndex) => (
                  <p key={lineIndex}>{renderInline(line)}</p>
                ))}
              </blockquote>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={index} className={cn("space-y-1 pl-5", block.ordered ? "list-decimal" : "list-disc")}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
          case "rule":
            return <hr key={index} className="border-border" />;
        }
      })}
    </div>
  );
}
