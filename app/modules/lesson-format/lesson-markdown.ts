/**
 * Turns a model's structured lesson (see prompts/lessons.ts) into the study markdown the Lesson
 * Plans page renders (SPEC §2): the overview before the first "## ", then titled sections. Works
 * on partial objects too, so a streaming answer can be shown as it arrives. Pure: the verse
 * lookup is passed in.
 */

import { SECTION } from "./sections";

export interface ScriptureLookup {
  /** The canonical label and the verses, or null when the reference does not exist. */
  (reference: string): { label: string; verses: Array<{ chapter: number; verse: number; text: string }> } | null;
}

export interface LessonMarkdownOptions {
  lookup: ScriptureLookup;
  /** "Berean Standard Bible (BSB)" */
  translationLabel: string;
  /** Footnotes or Endnotes: a numbered list of the passages cited closes the lesson. */
  listCitations?: "Footnotes" | "Endnotes";
}

const MAX_QUOTED_VERSES = 6;

function str(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function field(value: unknown, key: string): string {
  return value && typeof value === "object" ? str((value as Record<string, unknown>)[key]) : "";
}

/** Keeps model text from opening sections or raw HTML of its own. */
function clean(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .trim();
}

function quoteVerses(verses: Array<{ chapter: number; verse: number; text: string }>): string {
  const shown = verses.filter((verse) => verse.text).slice(0, MAX_QUOTED_VERSES);
  if (shown.length === 0) return "";
  if (shown.length === 1) return `> ${shown[0]!.text}`;
  const body = shown.map((verse) => `**${verse.verse}** ${verse.text}`).join(" ");
  return `> ${body}${verses.length > shown.length ? " …" : ""}`;
}

/** A reference written by the model, checked: "(John 3:16)" when real, marked when not. */
function cited(reference: string, lookup: ScriptureLookup): { text: string; found: ReturnType<ScriptureLookup> } {
  const found = lookup(reference);
  if (found) return { text: `(${found.label})`, found };
  return { text: `${reference.replace(/[()]/g, "")} (reference not found)`, found: null };
}

export function lessonMarkdown(lesson: unknown, options: LessonMarkdownOptions): string {
  const record = (lesson && typeof lesson === "object" ? lesson : {}) as Record<string, unknown>;
  const parts: string[] = [];

  const overview = clean(str(record.overview));
  if (overview) parts.push(overview);

  const outline = list(record.outline)
    .map((item, index) => {
      const heading = clean(field(item, "heading"));
      const verses = field(item, "verses");
      const summary = clean(field(item, "summary"));
      if (!heading && !summary) return "";
      const where = verses
        ? ` ${options.lookup(verses) ? `(${options.lookup(verses)!.label})` : `(${verses.replace(/[()]/g, "")})`}`
        : "";
      return `${index + 1}. **${heading || "Part " + (index + 1)}**${where}${summary ? `: ${summary}` : ""}`;
    })
    .filter(Boolean);

  const scriptures = list(record.keyScriptures)
    .map((item) => {
      const reference = field(item, "reference");
      if (!reference) return "";
      const insight = clean(field(item, "insight"));
      const { text, found } = cited(reference, options.lookup);
      const quote = found ? quoteVerses(found.verses) : "";
      return [`### ${text}`, quote, insight].filter(Boolean).join("\n\n");
    })
    .filter(Boolean);
  if (scriptures.length > 0) {
    parts.push(
      [`## ${SECTION.keyScriptures}`, `Quotations are from the ${options.translationLabel}.`, ...scriptures].join(
        "\n\n",
      ),
    );
  }
  if (outline.length > 0) parts.push([`## ${SECTION.outline}`, outline.join("\n")].join("\n\n"));

  const keyWords = list(record.keyWords)
    .map((item) => {
      const word = clean(field(item, "word"));
      const meaning = clean(field(item, "meaning"));
      return word ? `- **${word}**${meaning ? `: ${meaning}` : ""}` : "";
    })
    .filter(Boolean);
  if (keyWords.length > 0) parts.push([`## ${SECTION.keyWords}`, keyWords.join("\n")].join("\n\n"));

  const numbered = (title: string, items: unknown[]) => {
    const rows = items.map((item) => clean(str(item))).filter(Boolean);
    if (rows.length > 0)
      parts.push([`## ${title}`, rows.map((row, index) => `${index + 1}. ${row}`).join("\n")].join("\n\n"));
  };
  numbered(SECTION.discussionQuestions, list(record.discussionQuestions));

  const applications = list(record.applicationPoints)
    .map((item) => clean(str(item)))
    .filter(Boolean);
  if (applications.length > 0)
    parts.push([`## ${SECTION.applicationPoints}`, applications.map((item) => `- ${item}`).join("\n")].join("\n\n"));

  const crossReferences = list(record.crossReferences)
    .map((item) => {
      const reference = field(item, "reference");
      if (!reference) return "";
      const note = clean(field(item, "note"));
      return `- ${cited(reference, options.lookup).text}${note ? ` ${note}` : ""}`;
    })
    .filter(Boolean);
  if (crossReferences.length > 0)
    parts.push([`## ${SECTION.crossReferences}`, crossReferences.join("\n")].join("\n\n"));

  const activity = clean(str(record.groupActivity));
  if (activity) parts.push([`## ${SECTION.groupActivity}`, activity].join("\n\n"));
  const prayer = clean(str(record.closingPrayer));
  if (prayer) parts.push([`## ${SECTION.closingPrayer}`, prayer].join("\n\n"));

  if (options.listCitations) {
    const seen: string[] = [];
    for (const match of parts.join("\n\n").matchAll(/\(([^()]+)\)/g)) {
      const label = match[1]!.trim();
      if (!seen.includes(label) && options.lookup(label)) seen.push(label);
    }
    if (seen.length > 0) {
      const title = options.listCitations === "Footnotes" ? "Scripture Notes" : "Scripture Index";
      parts.push(
        [
          `## ${title}`,
          "Every passage cited in this lesson, in order of appearance:",
          seen.map((label, index) => `${index + 1}. (${label})`).join("\n"),
        ].join("\n\n"),
      );
    }
  }
  return parts.join("\n\n");
}
