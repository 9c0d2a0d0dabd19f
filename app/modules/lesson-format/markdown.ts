/**
 * Study content is markdown (SPEC §2), rendered by components/markdown.tsx. These pure helpers,
 * shared by the page and the server, cut a study into its sections and list the parenthesised
 * groups that may be scripture references.
 */

import { headingText } from "~/utils/text";

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
