/**
 * `npm run bench:content`: how long the built-in (offline) provider takes to process an article of
 * about 800 and 5,000 words. Two figures for each: the work itself in this process (readability
 * extraction + extractive summary + reference grounding), and the whole POST
 * /api/sermons/process-url through the real server (fetch from a local site, extraction, summary,
 * the database write). Results are printed and written to bench/content-results.json.
 */
import fs from "node:fs";
import path from "node:path";
import { articlePage, generatedArticle } from "../tests/fixtures/articles";
import { startFakeSite } from "../tests/support/fake-site";
import { api, registerAccount, startTestServer } from "../tests/support/server";
import { summarize } from "~/modules/ai/builtin/summary.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { extractArticle } from "~/modules/content/extract.server";

interface Timing {
  n: number;
  first: number;
  p50: number;
  p95: number;
  max: number;
}

const SIZES = [800, 5000] as const;
const IN_PROCESS_RUNS = 30;
const HTTP_RUNS = 15;

const round = (value: number) => Math.round(value * 10) / 10;

function summarise(times: number[]): Timing {
  const [first, ...rest] = times;
  const sorted = [...rest].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
  return { n: rest.length, first: round(first!), p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1)!) };
}

async function timeRuns(runs: number, work: () => unknown): Promise<Timing> {
  const times: number[] = [];
  // The first run is kept apart: it pays for loading the Bible reference parser and JIT warm-up.
  for (let run = 0; run <= runs; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return summarise(times);
}

interface ContentBenchResult {
  inProcess: Record<string, Timing & { words: number; bites: number }>;
  overHttp: Record<string, Timing>;
}

export const contentSuite = {
  name: "content",
  description: "built-in processing of an 800-word and a 5,000-word article (ms)",
  async run(): Promise<ContentBenchResult> {
    const inProcess: ContentBenchResult["inProcess"] = {};
    for (const size of SIZES) {
      const article = generatedArticle(size);
      const html = articlePage(article);
      let bites = 0;
      const timing = await timeRuns(IN_PROCESS_RUNS, () => {
        const extracted = extractArticle(html);
        bites = summarize({ title: extracted.title ?? "", text: extracted.text, settings: defaultAiSettings }).learningBites.length;
      });
      const words = extractArticle(html).text.split(/\s+/).length;
      inProcess[`${size}`] = { ...timing, words, bites };
    }

    const site = await startFakeSite();
    const server = await startTestServer({ ALLOW_PRIVATE_URLS: "true" });
    const overHttp: Record<string, Timing> = {};
    try {
      const { token } = await registerAccount(server.url);
      for (const size of SIZES) {
        overHttp[`${size}`] = await timeRuns(HTTP_RUNS, async () => {
          const answer = await api(server.url, "/api/sermons/process-url", {
            method: "POST",
            token,
            body: { url: `${site.url}/articles/generated?words=${size}` },
          });
          if (answer.status !== 200) throw new Error(`process-url failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        });
      }
    } finally {
      await server.close();
      await site.close();
    }
    return { inProcess, overHttp };
  },
  print(result: ContentBenchResult) {
    const lines: string[] = [];
    for (const size of SIZES) {
      const local = result.inProcess[`${size}`]!;
      const http = result.overHttp[`${size}`]!;
      lines.push(
        `${size} words (${local.words} extracted, ${local.bites} bites): extract+summarize p50 ${local.p50} ms, p95 ${local.p95} ms (first ${local.first} ms); ` +
          `whole POST process-url p50 ${http.p50} ms, p95 ${http.p95} ms (first ${http.first} ms)`,
      );
    }
    return lines;
  },
};

const result = await contentSuite.run();
console.log(`== ${contentSuite.name}: ${contentSuite.description}`);
for (const line of contentSuite.print(result)) console.log(`   ${line}`);
const file = path.join(import.meta.dirname, "content-results.json");
fs.writeFileSync(file, `${JSON.stringify({ ...result, measuredAt: new Date().toISOString(), node: process.version }, null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
