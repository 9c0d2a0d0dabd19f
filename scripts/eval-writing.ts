/**
 * `npm run eval:writing`: writes the built-in writer's lessons and devotionals for a fixed set of
 * inputs into eval-output/ (git-ignored), one markdown file each, and a report (eval-output/REPORT.md)
 * of what a reviewer should look at first: the writer's own sentences that recur across at least
 * half the outputs of a kind, sentences caught by the rules below, the share of words that are
 * quotation (Scripture and the commentators), and word counts against the limits. Read ten of the
 * texts as a pastor would; the report only says where to look.
 *
 * The writer's own sentences are told from quotations by their markup: Scripture and commentary are
 * block quotations (`> `) and anything in “curly quotes” is quoted (tests/support/writer-checks.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { devotional } from "~/modules/ai/builtin/devotional.server";
import { lessonFromPassage, lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { defaultAiSettings, type AiSettingsInput } from "~/modules/ai/settings";
import { getPassage, passageFromRanges } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import { buildPlanCatalogue } from "~/modules/plans/builders";
import { AppError } from "~/utils/errors";
import { ownSentences } from "../tests/support/writer-checks";
import { ruleFindings } from "./eval-rules";

const TOPICS = [
  "Anxiety and worry",
  "Work and rest",
  "Suffering",
  "Generosity",
  "Church conflict",
  "Marriage",
  "Doubt",
  "Holy Spirit",
  "Justice",
  "Temptation",
  "Caring for aging parents",
  "Social media",
  "Singleness",
];
const PASSAGES = [
  "Ruth 1",
  "Habakkuk 3:17-19",
  "Mark 5:21-43",
  "Romans 12:1-2",
  "James 2:14-26",
  "Jonah 4",
  "1 Corinthians 13",
  "Lamentations 3:19-33",
  "Philemon",
  "Revelation 21:1-8",
];
/** Lessons at the three depths (the audience setting), on a few of the inputs above. */
const DEPTHS: Array<[string, AiSettingsInput["targetAudience"]]> = [
  ["beginner", "Beginner"],
  ["intermediate", "Mixed"],
  ["deep", "Advanced"],
];
const PLANS = ["gospel-of-john-21-days", "psalms-30-days"];
const PLAN_DAYS = 7;
const LEVELS: Array<[DevotionalLevel, number]> = [
  ["beginner", defaultAiSettings.beginnerWordLimit],
  ["intermediate", defaultAiSettings.intermediateWordLimit],
  ["deep", defaultAiSettings.deepStudyWordLimit],
];

export type Kind = "topic" | "passage" | "devotional";

export interface Output {
  kind: Kind;
  name: string;
  /** The topic or reference asked for. */
  input: string;
  text: string;
  /** The devotional's word limit. */
  wordLimit?: number;
  /** A refusal (an honest 4xx) instead of a text. */
  refused?: string;
  ms: number;
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function timed<T>(make: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = make();
  return { value, ms: performance.now() - started };
}

function generate(): Output[] {
  const outputs: Output[] = [];
  const lesson = (kind: "topic" | "passage", input: string, depth: string, audience: string) => {
    const settings = { ...defaultAiSettings, targetAudience: audience } as AiSettingsInput;
    const name = `${kind}-${slug(input)}-${depth}`;
    try {
      const { value, ms } = timed(() =>
        kind === "topic"
          ? lessonFromTopic({ topic: input, settings })
          : lessonFromPassage({ passage: getPassage(input, settings.translation), settings }),
      );
      outputs.push({ kind, name, input, text: `# ${value.title}\n\n${value.content}`, ms });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outputs.push({ kind, name, input, text: "", refused: `${error.status}: ${error.message}`, ms: 0 });
    }
  };
  for (const topic of TOPICS) lesson("topic", topic, "intermediate", "Mixed");
  for (const reference of PASSAGES) lesson("passage", reference, "intermediate", "Mixed");
  for (const [depth, audience] of DEPTHS.filter(([depth]) => depth !== "intermediate")) {
    for (const topic of TOPICS.slice(0, 3)) lesson("topic", topic, depth, audience);
    for (const reference of PASSAGES.slice(0, 3)) lesson("passage", reference, depth, audience);
  }
  const catalogue = buildPlanCatalogue();
  for (const slugName of PLANS) {
    const plan = catalogue.find((entry) => entry.slug === slugName)!;
    plan.days.slice(0, PLAN_DAYS).forEach((references, index) => {
      const passages = references.map((reference) => {
        const parsed = parseReference(reference);
        if (!parsed.ok) throw new Error(`${plan.slug} day ${index + 1}: ${reference}`);
        return passageFromRanges(parsed.ranges, defaultAiSettings.translation);
      });
      for (const [level, wordLimit] of LEVELS) {
        const { value, ms } = timed(() => devotional({ passages, level, wordLimit, settings: defaultAiSettings }));
        outputs.push({
          kind: "devotional",
          name: `devotional-${slugName}-day${index + 1}-${level}`,
          input: `${plan.name}, day ${index + 1} (${references.join("; ")})`,
          text: value.content,
          wordLimit,
          ms,
        });
      }
    });
  }
  return outputs;
}

function wordsIn(text: string) {
  return (text.match(/[A-Za-z’']+/g) ?? []).length;
}

/** Words inside block quotations and “curly quotes”: Scripture and the commentators. */
function quotedWords(markdown: string) {
  let quoted = 0;
  for (const line of markdown.split("\n")) {
    if (/^\s*>/.test(line)) {
      quoted += wordsIn(line);
      continue;
    }
    for (const match of line.matchAll(/“[^”]*”/g)) quoted += wordsIn(match[0]);
  }
  return quoted;
}

function percent(part: number, whole: number) {
  return whole === 0 ? "0%" : `${Math.round((part / whole) * 1000) / 10}%`;
}

function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

interface KindReport {
  kind: Kind;
  outputs: number;
  refused: number;
  own: number;
  recurring: Array<{ sentence: string; outputs: number }>;
  recurringSentences: number;
  flagged: Array<{ name: string; rule: string; sentence: string; own: boolean }>;
  flaggedSentences: number;
  quotationShare: string;
  words: { p50: number; max: number };
  overLimit: string[];
  msP50: number;
}

function reportOn(kind: Kind, outputs: Output[]): KindReport {
  const written = outputs.filter((output) => !output.refused);
  const perOutput = written.map((output) => ({ output, sentences: ownSentences(output.text) }));
  const seenIn = new Map<string, number>();
  for (const { sentences } of perOutput)
    for (const sentence of new Set(sentences)) seenIn.set(sentence, (seenIn.get(sentence) ?? 0) + 1);
  const half = Math.max(2, Math.ceil(written.length / 2));
  const recurring = [...seenIn]
    .filter(([, count]) => count >= half)
    .map(([sentence, count]) => ({ sentence, outputs: count }))
    .sort((a, b) => b.outputs - a.outputs);
  const recurringSet = new Set(recurring.map((entry) => entry.sentence));
  const own = perOutput.reduce((sum, { sentences }) => sum + sentences.length, 0);
  const recurringSentences = perOutput.reduce(
    (sum, { sentences }) => sum + sentences.filter((sentence) => recurringSet.has(sentence)).length,
    0,
  );
  const flagged = perOutput.flatMap(({ output, sentences }) =>
    ruleFindings(output.text, { kind, input: output.input }).map((finding) => ({
      name: output.name,
      own: sentences.includes(finding.sentence),
      ...finding,
    })),
  );
  const totalWords = written.reduce((sum, output) => sum + wordsIn(output.text), 0);
  const quoted = written.reduce((sum, output) => sum + quotedWords(output.text), 0);
  const counts = written.map((output) => wordsIn(output.text));
  const overLimit = written
    .filter((output) => output.wordLimit && wordsIn(output.text) > output.wordLimit * 1.1)
    .map((output) => `${output.name} (${wordsIn(output.text)} > ${output.wordLimit})`);
  return {
    kind,
    outputs: outputs.length,
    refused: outputs.length - written.length,
    own,
    recurring,
    recurringSentences,
    flagged,
    // The share counts the writer's own sentences; quoted lines caught (a fragment of Henry's) are listed too.
    flaggedSentences: new Set(flagged.filter((entry) => entry.own).map((entry) => `${entry.name}\n${entry.sentence}`))
      .size,
    quotationShare: percent(quoted, totalWords),
    words: { p50: percentile(counts, 0.5), max: Math.max(0, ...counts) },
    overLimit,
    msP50: Math.round(
      percentile(
        written.map((output) => output.ms),
        0.5,
      ),
    ),
  };
}

function markdownReport(reports: KindReport[], outputs: Output[]) {
  const lines = ["# Writing evaluation", "", `${outputs.length} inputs. Texts are in this folder, one file each.`, ""];
  lines.push(
    "| Kind | Outputs | Refused | Own sentences | Recurring (≥ half) | Caught by rules | Quotation share | Words p50 / max | ms p50 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const report of reports)
    lines.push(
      `| ${report.kind} | ${report.outputs} | ${report.refused} | ${report.own} | ${report.recurringSentences} (${percent(report.recurringSentences, report.own)}) | ${report.flaggedSentences} (${percent(report.flaggedSentences, report.own)}) | ${report.quotationShare} | ${report.words.p50} / ${report.words.max} | ${report.msP50} |`,
    );
  for (const report of reports) {
    lines.push("", `## ${report.kind}`, "");
    const refusals = outputs.filter((output) => output.kind === report.kind && output.refused);
    if (refusals.length > 0) {
      lines.push("Refused:", "", ...refusals.map((output) => `- ${output.input}: ${output.refused}`), "");
    }
    if (report.overLimit.length > 0)
      lines.push("Over the word limit (+10%):", "", ...report.overLimit.map((entry) => `- ${entry}`), "");
    lines.push("Recurring sentences (in at least half the outputs):", "");
    lines.push(
      ...(report.recurring.length > 0
        ? report.recurring.map((entry) => `- (${entry.outputs}) ${entry.sentence}`)
        : ["- none"]),
    );
    lines.push("", "Caught by rules:", "");
    lines.push(
      ...(report.flagged.length > 0
        ? report.flagged.map((entry) => `- ${entry.name} [${entry.rule}]: ${entry.sentence}`)
        : ["- none"]),
    );
  }
  return `${lines.join("\n")}\n`;
}

function main() {
  const folder = path.resolve(process.argv[2] ?? "eval-output");
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const outputs = generate();
  for (const output of outputs)
    fs.writeFileSync(
      path.join(folder, `${output.name}.md`),
      output.refused ? `Refused: ${output.refused}\n` : `${output.text}\n`,
    );
  const reports = (["topic", "passage", "devotional"] as const).map((kind) =>
    reportOn(
      kind,
      outputs.filter((output) => output.kind === kind),
    ),
  );
  fs.writeFileSync(path.join(folder, "REPORT.md"), markdownReport(reports, outputs));
  fs.writeFileSync(
    path.join(folder, "report.json"),
    JSON.stringify(
      reports.map(({ recurring, flagged, ...figures }) => ({
        ...figures,
        recurring: recurring.length,
        flagged: flagged.length,
      })),
      null,
      2,
    ),
  );
  for (const report of reports)
    console.log(
      `${report.kind.padEnd(10)} ${String(report.outputs).padStart(3)} outputs, ${report.refused} refused; own sentences ${report.own}; recurring ${percent(report.recurringSentences, report.own)}; caught by rules ${percent(report.flaggedSentences, report.own)}; quotation ${report.quotationShare}; words p50 ${report.words.p50}; ms p50 ${report.msP50}`,
    );
  console.log(`Texts and REPORT.md in ${path.relative(process.cwd(), folder)}/`);
}

main();
