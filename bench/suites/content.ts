import { articlePage, generatedArticle } from "../../tests/fixtures/articles";
import { startFakeSite } from "../../tests/support/fake-site";
import type { BenchSuite } from "../run";
import { httpFixture } from "../lib/fixture";
import { summarize, type Timing } from "../stats";

const SIZES = [800, 5000] as const;
const IN_PROCESS_RUNS = 30;
const HTTP_RUNS = 15;

interface RunTiming extends Timing {
  /** The first run, kept apart: it pays for loading the reference parser and JIT warm-up. */
  first: number;
}

async function timeRuns(runs: number, work: () => unknown): Promise<RunTiming> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { first: Math.round(times[0]! * 10) / 10, ...summarize(times.slice(1), cpu.slice(1)) };
}

interface ContentResult {
  inProcess: Record<string, RunTiming & { words: number; bites: number }>;
  overHttp: Record<string, RunTiming>;
}

/**
 * The built-in (offline) provider processing an article of about 800 and 5,000 words: the work
 * itself in this process (readability extraction, extractive summary, reference grounding), and
 * the whole POST /api/sermons/process-url through the real server (fetch from a local site,
 * extraction, summary, the database write).
 */
export const contentSuite: BenchSuite = {
  name: "content",
  description: "built-in processing of an 800-word and a 5,000-word article (ms)",
  async run(): Promise<ContentResult> {
    const { summarize: summarizeArticle } = await import("~/modules/ai/builtin/summary.server");
    const { defaultAiSettings } = await import("~/modules/ai/settings");
    const { extractArticle } = await import("~/modules/content/extract.server");
    const inProcess: ContentResult["inProcess"] = {};
    for (const size of SIZES) {
      const html = articlePage(generatedArticle(size));
      let bites = 0;
      const timing = await timeRuns(IN_PROCESS_RUNS, () => {
        const extracted = extractArticle(html);
        bites = summarizeArticle({ title: extracted.title ?? "", text: extracted.text, settings: defaultAiSettings })
          .learningBites.length;
      });
      inProcess[`${size}`] = { ...timing, words: extractArticle(html).text.split(/\s+/).length, bites };
    }

    const fixture = await httpFixture();
    const site = await startFakeSite();
    const overHttp: ContentResult["overHttp"] = {};
    try {
      const registered = await fetch(`${fixture.app.url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `content-${Date.now()}@bench.example`, password: "bench-password-1" }),
      });
      const { token } = (await registered.json()) as { token: string };
      for (const size of SIZES) {
        overHttp[`${size}`] = await timeRuns(HTTP_RUNS, async () => {
          const answer = await fetch(`${fixture.app.url}/api/sermons/process-url`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ url: `${site.url}/articles/generated?words=${size}` }),
          });
          if (answer.status !== 200) throw new Error(`process-url failed: ${answer.status} ${await answer.text()}`);
          await answer.arrayBuffer();
        });
      }
    } finally {
      await site.close();
    }
    return { inProcess, overHttp };
  },
  print(result) {
    const r = result as ContentResult;
    return SIZES.map((size) => {
      const local = r.inProcess[`${size}`]!;
      const http = r.overHttp[`${size}`]!;
      return (
        `${size} words (${local.words} extracted, ${local.bites} bites): extract+summarize p50 ${local.p50} ms, p95 ${local.p95} ms (first ${local.first} ms); ` +
        `whole POST process-url p50 ${http.p50} ms, p95 ${http.p95} ms (first ${http.first} ms)`
      );
    });
  },
};
