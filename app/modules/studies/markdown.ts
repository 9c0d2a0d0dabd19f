/**
 * Study content is markdown (SPEC §2). This parses the small part of markdown lessons use into
 * a tree that React renders as elements: no HTML from the text ever reaches the page. Pure and
 * isomorphic: the page and the server share it.
 */

import { headingText } from "~/utils/text";

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  /** A scripture reference in parentheses, "(John 3:16)": shown as a badge. */
  | { type: "scripture"; reference: string }
  /** "(reference not found)": grounding's mark for a reference that does not exist. */
  | { type: "missing"; text: string };

export type Block =
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { type: "quote"; blocks: Block[] }
  | { type: "rule" };

export interface StudySection {
  title: string;
  body: string;
  collapsible: boolean;
}

export interface StudySections {
  /** The text before the first "## " heading. */
  overview: string;
  sections: StudySection[];
}

/**
 * Sections titled with key scriptures, application points or steps, study or discussion
 * questions, cross-references, or activities can be collapsed (SPEC §2).
 */
export function isCollapsibleTitle(title: string): boolean {
  return /key\s+scriptures?|application|steps?\b|(?:study|discussion|reflection|group)\s+questions?|^questions\b|cross[\s-]*references?|activit(?:y|ies)/i.test(title);
}

/** Splits study markdown at its "## " headings; what comes first is the overview. */
export function splitStudySections(markdown: string): StudySections {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const overview: string[] = [];
  const sections: StudySection[] = [];
  let current: { title: string; lines: string[] } | null = null;
  let fenced = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced ? /^##\s+(.+)$/.exec(line) : null;
    if (heading) {
      if (current) sections.push(toSection(current));
      current = { title: (headingText(heading[1]!) || heading[1]!.charAt(0)).trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else {
      overview.push(line);
    }
  }
  if (current) sections.push(toSection(current));
  return { overview: overview.join("\n").trim(), sections };
}

function toSection({ title, lines }: { title: string; lines: string[] }): StudySection {
  const plain = title.replace(/[*_`]/g, "").trim();
  return { title: plain, body: lines.join("\n").trim(), collapsible: isCollapsibleTitle(plain) };
}

/** Every "( ... )" group in a text (not nested), with what is inside. */
export function parenthesizedGroups(text: string): string[] {
  const groups: string[] = [];
  for (const match of text.matchAll(/\(([^()\n]{1,120})\)/g)) groups.push(match[1]!.trim());
  return groups;
}

const LIST_ITEM = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;

/** Parses markdown into blocks; `isScripture` says which parenthesised texts are references. */
export function parseMarkdown(markdown: string, isScripture: (text: string) => boolean = () => false): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let index = 0;
  const inline = (text: string) => parseInline(text, isScripture);
  while (index < lines.length) {
    const line = lines[index]!;
    if (!line.trim()) {
      index++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      index++;
      while (index < lines.length && !/^\s*```/.test(lines[index]!)) code.push(lines[index++]!);
      index++;
      blocks.push({ type: "paragraph", children: [{ type: "code", text: code.join("\n") }] });
      continue;
    }
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1]!.length, children: inline(headingText(heading[2]!) || heading[2]!.charAt(0)) });
      index++;
      continue;
    }
    if (/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      blocks.push({ type: "rule" });
      index++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && /^\s*>/.test(lines[index]!)) quoted.push(lines[index++]!.replace(/^\s*>\s?/, ""));
      blocks.push({ type: "quote", blocks: parseMarkdown(quoted.join("\n"), isScripture) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const start = ordered ? Number.parseInt(item[2]!, 10) : 1;
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index]!;
        const next = LIST_ITEM.exec(current);
        if (next && /\d/.test(next[2]!) === ordered) {
          items.push(next[3]!);
          index++;
        } else if (current.trim() && items.length > 0 && /^\s+\S/.test(current) && !LIST_ITEM.test(current)) {
          // An indented line continues the item above it.
          items[items.length - 1] += ` ${current.trim()}`;
          index++;
        } else {
          break;
        }
      }
      blocks.push({ type: "list", ordered, start, items: items.map(inline) });
      continue;
    }
    // The first line always joins: "## " alone (a heading marker without text) stops the loop
    // below and, never consumed, looped forever until the process ran out of memory.
    const paragraph: string[] = [line.trim()];
    index++;
    while (
      index < lines.length &&
      lines[index]!.trim() &&
      !/^(#{1,6})\s/.test(lines[index]!) &&
      !/^\s*>/.test(lines[index]!) &&
      !LIST_ITEM.test(lines[index]!) &&
      !/^\s*```/.test(lines[index]!)
    ) {
      paragraph.push(lines[index++]!.trim());
    }
    blocks.push({ type: "paragraph", children: inline(paragraph.join(" ")) });
  }
  return blocks;
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/** Emphasis, code, safe links, escapes, and scripture badges in parentheses. */
export function parseInline(text: string, isScripture: (text: string) => boolean = () => false): Inline[] {
  const nodes: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push({ type: "text", text: buffer });
    buffer = "";
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const rest = text.slice(index);
    if (char === "\\" && index + 1 < text.length && /[\\*_`[\]()<>#!-]/.test(text[index + 1]!)) {
      buffer += text[index + 1];
      index += 2;
      continue;
    }
    if (char === "`") {
      const end = text.indexOf("`", index + 1);
      if (end > index) {
        flush();
        nodes.push({ type: "code", text: text.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }
    if (rest.startsWith("**") || rest.startsWith("__")) {
      const marker = rest.slice(0, 2);
      const end = findClosing(text, marker, index + 2);
      if (end > index + 2) {
        flush();
        nodes.push({ type: "strong", children: parseInline(text.slice(index + 2, end), isScripture) });
        index = end + 2;
        continue;
      }
    }
    if ((char === "*" || char === "_") && text[index + 1] !== " " && text[index + 1] !== char) {
      const end = findClosing(text, char, index + 1);
      const wordInside = char === "_" && /\w/.test(text[index - 1] ?? "");
      if (end > index + 1 && !wordInside) {
        flush();
        nodes.push({ type: "em", children: parseInline(text.slice(index + 1, end), isScripture) });
        index = end + 1;
        continue;
      }
    }
    if (char === "[") {
      // No "[" in the text or the address: each "[" of "[[[[..." or "[a](x[a](x..." would
      // otherwise scan to the end of the text (quadratic).
      const link = /^\[([^\][]+)\]\(([^)\s[]+)\)/.exec(rest);
      if (link) {
        flush();
        if (SAFE_LINK.test(link[2]!)) nodes.push({ type: "link", href: link[2]!, children: parseInline(link[1]!, isScripture) });
        else buffer += link[1];
        index += link[0].length;
        continue;
      }
    }
    if (char === "(") {
      const group = /^\(([^()\n]{1,120})\)/.exec(rest);
      if (group) {
        const inside = group[1]!.trim();
        if (isScripture(inside)) {
          flush();
          nodes.push({ type: "scripture", reference: inside });
          index += group[0].length;
          continue;
        }
        if (inside === "reference not found") {
          flush();
          nodes.push({ type: "missing", text: group[0] });
          index += group[0].length;
          continue;
        }
      }
    }
    buffer += char;
    index++;
  }
  flush();
  return nodes;
}

function findClosing(text: string, marker: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const found = text.indexOf(marker, index);
    if (found < 0) return -1;
    if (text[found - 1] !== "\\" && text[found - 1] !== " ") {
      if (marker.length === 1 && text[found + 1] === marker) {
        index = found + 2;
        continue;
      }
      return found;
    }
    index = found + 1;
  }
  return -1;
}
