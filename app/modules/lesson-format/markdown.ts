/**
 * Study content is markdown (SPEC §2), rendered by components/markdown.tsx. These pure helpers,
 * shared by the page and the server, cut a study into its sections and list the parenthesised
 * groups that may be scripture references.
 */

import type { Heading } from "mdast";
import { inlineText, markdownTree } from "~/utils/markdown-tree";

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
  return /key\s+scriptures?|application|steps?\b|(?:study|discussion|reflection|group)\s+questions?|^questions\b|cross[\s-]*references?|activit(?:y|ies)/i.test(
    title,
  );
}

/**
 * Splits study markdown at its level-2 headings ("## ", as the renderer reads them: not inside a
 * fenced block, closing hashes dropped); what comes first is the overview. Each part is the text
 * between the headings, unchanged.
 */
export function splitStudySections(markdown: string): StudySections {
  const source = markdown.replace(/\r\n?/g, "\n");
  const headings = markdownTree(source).children.filter(
    (node): node is Heading => node.type === "heading" && node.depth === 2 && node.position !== undefined,
  );
  const sections: StudySection[] = headings.map((heading, index) => {
    const next = headings[index + 1];
    const title = inlineText(heading).replace(/\s+/g, " ").trim() || "#";
    const body = source.slice(heading.position!.end.offset, next ? next.position!.start.offset : source.length);
    return { title, body: body.trim(), collapsible: isCollapsibleTitle(title) };
  });
  const overview = headings.length > 0 ? source.slice(0, headings[0]!.position!.start.offset) : source;
  return { overview: overview.trim(), sections };
}

/** Every "( ... )" group in a text (not nested), with what is inside. */
export function parenthesizedGroups(text: string): string[] {
  const groups: string[] = [];
  for (const match of text.matchAll(/\(([^()\n]{1,120})\)/g)) groups.push(match[1]!.trim());
  return groups;
}
