import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { wordLimitRanges } from "~/modules/ai/settings";
import { repairSourceText } from "~/modules/bible/bible-db-build.server";

/**
 * Checks on what the built-in writer wrote, shared by its tests: which sentences are its own
 * (not quotations), and whether its quotations of Matthew Henry are his words.
 */

/** Each level at both ends of its word-limit slider (SPEC §5): 100 and 500 words for beginners... */
export const sliderExtremes: Array<[DevotionalLevel, number]> = (
  [
    ["beginner", wordLimitRanges.beginnerWordLimit],
    ["intermediate", wordLimitRanges.intermediateWordLimit],
    ["deep", wordLimitRanges.deepStudyWordLimit],
  ] as const
).flatMap(([level, { min, max }]): Array<[DevotionalLevel, number]> => [
  [level, min],
  [level, max],
]);

/** The writer's own sentences: headings, block quotations and anything inside quotation marks left out. */
export function ownSentences(markdown: string): string[] {
  const prose = markdown
    .split("\n")
    // Headings, quotations and the byline ("*John 3 · Berean Standard Bible (BSB)*") are not prose.
    .filter((line) => !/^\s*(?:#|>)/.test(line) && !/^\*[^*]+\*$/.test(line.trim()))
    .map((line) => line.replace(/^\s*(?:[-*]|\d+\.)\s+/, ""))
    .join("\n")
    .replace(/“[^”]*”/g, " ")
    .replace(/"[^"]*"/g, " ")
    .replace(/\*\*/g, "");
  // A sentence has three words besides book names: "Song of Solomon 1:2-6:" (an outline point's
  // label) has none.
  return prose
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => (sentence.replace(bookPattern, "").match(/[A-Za-z]+/g) ?? []).length >= 3);
}

/**
 * The share of a text's words that are quotation: block quotations (Scripture and the
 * commentators) and anything in curly quotation marks; headings and citations count as neither.
 */
export function quotationShare(markdown: string): number {
  let quoted = 0;
  let total = 0;
  for (const line of markdown.split("\n")) {
    if (/^\s*#/.test(line) || line.trim() === "") continue;
    const blockQuote = /^\s*>/.test(line);
    const body = line.replace(/^\s*>\s*/, "").replace(/ — [^—]+$/, "");
    const count = (text: string) => (text.match(/[A-Za-z0-9’']+/g) ?? []).length;
    const words = count(body);
    total += words;
    quoted += blockQuote ? words : [...body.matchAll(/“[^”]*”/g)].reduce((sum, match) => sum + count(match[0]), 0);
  }
  return total === 0 ? 0 : quoted / total;
}

export interface VarietyReport {
  total: number;
  unique: number;
  /** The sentence found on the most days, and on how many. */
  mostShared: { sentence: string; days: number } | null;
}

/** How varied the writer's own sentences are over a set of outputs (one per day). */
export function variety(outputs: string[], normalize = (sentence: string) => sentence): VarietyReport {
  const all: string[] = [];
  const days = new Map<string, number>();
  for (const output of outputs) {
    const sentences = ownSentences(output).map(normalize);
    all.push(...sentences);
    for (const sentence of new Set(sentences)) days.set(sentence, (days.get(sentence) ?? 0) + 1);
  }
  let mostShared: VarietyReport["mostShared"] = null;
  for (const [sentence, count] of days)
    if (!mostShared || count > mostShared.days) mostShared = { sentence, days: count };
  return { total: all.length, unique: new Set(all).size, mostShared };
}

const bookNames = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../db/bible-data/books.json"), "utf8")) as Array<{
    name: string;
  }>
)
  .map((book) => book.name)
  .concat("Psalm")
  .sort((a, b) => b.length - a.length);
const bookPattern = new RegExp(`\\b(?:${bookNames.join("|")})\\b`, "g");

/**
 * A sentence's shape: references, book names, quoted words and numbers masked, so that a
 * template filled with a different day's reference still counts as the same sentence.
 */
export function shapeOf(sentence: string): string {
  return sentence
    .replace(/“[^”]*”|"[^"]*"/g, "Q")
    .replace(bookPattern, "B")
    .replace(/\d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?/g, "N")
    .replace(/B N(?:(?:, |; | and )(?:B )?N)*/g, "REF")
    .replace(/\s+/g, " ")
    .trim();
}

/** The same report over sentence shapes (see shapeOf). */
export function shapeVariety(outputs: string[]): VarietyReport {
  return variety(outputs, shapeOf);
}

type Source = {
  books: Record<string, { chapters: Record<string, { intro: string; sections: Array<{ text: string }> }> }>;
};
let henryByChapter: Map<string, string> | undefined;

/**
 * Matthew Henry's text per chapter, read from the shipped file itself (db/bible-data, mended as at build), keyed
 * "John 3" as the writer names them.
 */
export function henryChapterText(chapter: string): string | undefined {
  if (!henryByChapter) {
    const root = path.resolve(import.meta.dirname, "../..");
    const books = JSON.parse(fs.readFileSync(path.join(root, "db/bible-data/books.json"), "utf8")) as Array<{
      id: string;
      name: string;
    }>;
    // As the app stores it: the source with its digitising mistakes mended.
    const source = JSON.parse(
      repairSourceText(
        zlib.gunzipSync(fs.readFileSync(path.join(root, "db/bible-data/commentary/mhc.json.gz"))).toString("utf8"),
      ),
    ) as Source;
    henryByChapter = new Map();
    for (const book of books) {
      for (const [number, entry] of Object.entries(source.books[book.id]?.chapters ?? {})) {
        henryByChapter.set(
          `${book.name} ${number}`,
          [entry.intro, ...entry.sections.map((section) => section.text)].join("\n\n"),
        );
      }
    }
  }
  return henryByChapter.get(chapter);
}

/**
 * Every quotation of Henry in a text, with the section it is attributed to: block quotes
 * ("> ... — Matthew Henry on John 3:1-21"), outline points ("**John 3:1-21**: “...”") and
 * quotations inside a sentence ("On John 3:1-21, Matthew Henry writes: “...”; where", “...” (Matthew
 * Henry on John 3:1-21)).
 */
export function henryQuotations(markdown: string): Array<{ reference: string; text: string }> {
  const found: Array<{ reference: string; text: string }> = [];
  for (const match of markdown.matchAll(/^> (.+) — Matthew Henry on (.+)$/gm))
    found.push({ text: match[1]!, reference: match[2]! });
  for (const match of markdown.matchAll(/^- \*\*([^*\n]+)\*\*: “(.+)”$/gm))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(/\(([^()\n]+)\): “([^\n]+?)” \(Matthew Henry\)/g))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(/Matthew Henry on ([^:\n]+:[\d-]+): “(.+?)”(?:$| \*Context)/gm))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(/Matthew Henry writes on ([^:\n]+:[\d-]+): “(.+)”$/gm))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(/On ([^,\n]+), Matthew Henry writes: “(.+?)”; [^\n“]*?where would/g))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(
    /Where in ([^\n]+?) do you see what Matthew Henry sums up in these words: “(.+?)”\?/g,
  ))
    found.push({ reference: match[1]!, text: match[2]! });
  for (const match of markdown.matchAll(/Matthew Henry sums up ([^\n]+?) in these words: “(.+?)”\./g))
    found.push({ reference: match[1]!, text: match[2]! });
  // A line of the devotional's own quoting him: “...” (Matthew Henry on John 3:1-21), or “...” (on
  // John 3:1-21) after his name.
  for (const match of markdown.matchAll(/^[^“\n]*“(.+?)” \(Matthew Henry on ([^()\n]+)\)/gm))
    found.push({ reference: match[2]!, text: match[1]! });
  for (const match of markdown.matchAll(/^[^“\n]*Matthew Henry\b[^“\n]*“(.+?)” \(on ([^()\n]+)\)/gm))
    found.push({ reference: match[2]!, text: match[1]! });
  return found;
}

/** How the full commentary is credited (placedNotes' attribution for "mhc"). */
export const HENRY_FULL = "Matthew Henry, Commentary on the Whole Bible";

/**
 * The commentary a lesson quotes as block quotations whose last line credits it: "> — Matthew
 * Henry, Concise Commentary on Ruth 1:1-5". `under` is the passage heading it sits under, when
 * there is one ("### (Romans 12:1-2)" or an outline part "**1. (Ruth 1:1-5)**").
 */
export function noteQuotations(
  markdown: string,
): Array<{ sentences: string[]; work: string; on: string; under?: string }> {
  const found: Array<{ sentences: string[]; work: string; on: string; under?: string }> = [];
  let under: string | undefined;
  let block: string[] = [];
  for (const line of markdown.split("\n")) {
    const heading = line.match(/^(?:### \(|\*\*\d+\. \()([^)]+)\)/);
    if (heading) under = heading[1];
    else if (/^#{1,2} /.test(line)) under = undefined;
    if (!line.startsWith(">")) {
      block = [];
      continue;
    }
    const credit = line.match(
      /^> — (.+) on ((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+(?::\d+)?(?:-\d+(?::\d+)?)?)$/,
    );
    if (credit) {
      found.push({ sentences: splitQuoted(block.join(" ")), work: credit[1]!, on: credit[2]!, under });
      block = [];
    } else if (line.length > 2) block.push(line.slice(2));
  }
  return found;
}

/** A quotation back into its sentences (as the writer joined them, with a space). */
function splitQuoted(text: string) {
  return text
    .replace(/\\([\\*_`[\]<>#])/g, "$1")
    .split(/(?<=[.!?][”’]?)\s+(?=[A-Z“‘])/)
    .filter(Boolean);
}

/** The chapter a commentary reference lies in: "John 3:1-21" -> "John 3". */
export function chapterOf(reference: string) {
  // A single psalm is written "Psalm 23"; Henry's book is "Psalms".
  return reference.replace(/:.*$/, "").replace(/^Psalm /, "Psalms ");
}

/** The share of the writer's own sentences (all outputs together) found in at least `atLeast` of the outputs. */
export function recurring(outputs: string[], atLeast: number): number {
  const perOutput = outputs.map((output) => ownSentences(output));
  const days = new Map<string, number>();
  for (const sentences of perOutput)
    for (const sentence of new Set(sentences)) days.set(sentence, (days.get(sentence) ?? 0) + 1);
  const all = perOutput.flat();
  const often = all.filter((sentence) => (days.get(sentence) ?? 0) >= outputs.length * atLeast).length;
  return all.length === 0 ? 0 : often / all.length;
}

const commentaryFiles = ["mhc", "mhcc", "tdavid"];
let commentaryByChapter: Map<string, string> | undefined;

/** Whitespace and the source's italics marks set aside, as a quotation is compared with its source. */
function comparable(text: string) {
  return text.replace(/\*/g, "").replace(/\s+/g, " ").trim();
}

/**
 * The text of every shipped commentary on a chapter (Henry, Henry's Concise, Spurgeon's Treasury
 * with the writers he quotes), read from the files themselves and keyed "Ruth 1" or "Psalms 23".
 */
export function commentaryChapterText(chapter: string): string | undefined {
  if (!commentaryByChapter) {
    const root = path.resolve(import.meta.dirname, "../..");
    const books = JSON.parse(fs.readFileSync(path.join(root, "db/bible-data/books.json"), "utf8")) as Array<{
      id: string;
      name: string;
    }>;
    commentaryByChapter = new Map();
    for (const file of commentaryFiles) {
      const location = path.join(root, `db/bible-data/commentary/${file}.json.gz`);
      if (!fs.existsSync(location)) continue;
      const source = JSON.parse(repairSourceText(zlib.gunzipSync(fs.readFileSync(location)).toString("utf8"))) as {
        books: Record<string, { chapters: Record<string, unknown> }>;
      };
      for (const book of books) {
        for (const [number, entry] of Object.entries(source.books[book.id]?.chapters ?? {})) {
          const key = `${book.name} ${number}`;
          // Every string in the chapter's entry: introductions, sections, notes and hints alike.
          const texts: string[] = [];
          const collect = (value: unknown) => {
            if (typeof value === "string") texts.push(value);
            else if (Array.isArray(value)) value.forEach(collect);
            else if (value && typeof value === "object") Object.values(value).forEach(collect);
          };
          collect(entry);
          commentaryByChapter.set(key, `${commentaryByChapter.get(key) ?? ""}\n${comparable(texts.join("\n"))}`);
        }
      }
    }
  }
  // A one-chapter book's verse is written "3 John 6": its chapter is 1.
  return commentaryByChapter.get(chapter) ?? commentaryByChapter.get(chapter.replace(/ \d+$/, " 1"));
}

/**
 * The commentators' block quotations in a text ("> ... — Matthew Henry, Concise Commentary on Ruth
 * 1:6-14"), each with the passage it is attributed to and its sentences; Scripture's quotations end
 * with a translation and are left out.
 */
export function commentaryQuotations(markdown: string): Array<{ reference: string; sentences: string[] }> {
  const found: Array<{ reference: string; sentences: string[] }> = [];
  for (const match of markdown.matchAll(/^> (.+) — ([^—\n]+?) on ([1-3]?\s?[A-Z][A-Za-z ]+ \d+(?::[\d-]+)?)$/gm)) {
    const sentences = comparable(match[1]!)
      .split(/(?<=[.!?;:”’])\s+/)
      .filter((piece) => piece.length > 0);
    found.push({ reference: match[3]!, sentences });
  }
  return found;
}
