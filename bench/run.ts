/**
 * `npm run bench [section ...]`: runs the named benchmark sections (all when none is named),
 * prints their figures, merges them into bench/results.json under each section's name (so
 * sections can be run one at a time without losing the others' figures) and rewrites
 * bench/RESULTS.md from the merged figures.
 *
 *   npm run bench                     every section (about 6-8 minutes on 2 cores)
 *   npm run bench -- floor api        the floor and the app under load, and their ratios
 *   npm run bench -- bundle lighthouse scale content plans lessons bible
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// React, Remix and the server bundle choose their production builds from this at import time.
process.env.NODE_ENV = "production";

export interface BenchSuite {
  /** The section name on the command line and the key of its figures in bench/results.json. */
  name: string;
  /** Other names accepted on the command line. */
  aliases?: string[];
  description: string;
  run: () => Promise<unknown>;
  /** Human-readable lines for the terminal. */
  print: (result: unknown) => string[];
}

const resultsFile = path.join(import.meta.dirname, "results.json");
const reportFile = path.join(import.meta.dirname, "RESULTS.md");

async function main() {
  const { suites } = await import("./suites");
  const { closeHttpFixture } = await import("./lib/fixture");
  const { buildReport, headlineFigures } = await import("./report");
  const { buildIfNeeded } = await import("../scripts/build-if-needed.mjs");

  const wanted = process.argv.slice(2).filter((arg) => arg !== "--");
  const matches = (suite: BenchSuite, name: string) => suite.name === name || suite.aliases?.includes(name);
  const unknown = wanted.filter((name) => !suites.some((suite) => matches(suite, name)));
  if (unknown.length > 0) {
    console.error(
      `Unknown section(s): ${unknown.join(", ")}. Known: ${suites.map((suite) => [suite.name, ...(suite.aliases ?? [])].join("/")).join(", ")}`,
    );
    process.exit(2);
  }
  const selected = wanted.length > 0 ? suites.filter((suite) => wanted.some((name) => matches(suite, name))) : suites;

  buildIfNeeded();
  const results: Record<string, unknown> = fs.existsSync(resultsFile)
    ? JSON.parse(fs.readFileSync(resultsFile, "utf8"))
    : {};
  const runStarted = performance.now();
  try {
    for (const suite of selected) {
      console.log(`\n== ${suite.name}: ${suite.description}`);
      const started = performance.now();
      const result = await suite.run();
      for (const line of suite.print(result)) console.log(`   ${line}`);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(`   (${seconds} s)`);
      results[suite.name] = { ...(result as object), sectionSeconds: seconds, measuredAt: new Date().toISOString() };
    }
  } finally {
    await closeHttpFixture();
  }
  const cpus = os.cpus();
  results.machine = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  };
  results.lastRun = {
    sections: selected.map((suite) => suite.name),
    seconds: Math.round((performance.now() - runStarted) / 1000),
    at: new Date().toISOString(),
  };
  Object.assign(results, headlineFigures(results));
  fs.writeFileSync(resultsFile, `${JSON.stringify(sortTopLevel(results), null, 2)}\n`);
  fs.writeFileSync(reportFile, buildReport(results));
  console.log(`\nWrote ${path.relative(process.cwd(), resultsFile)} and ${path.relative(process.cwd(), reportFile)}`);
}

/** Headline figures first, then the sections. */
function sortTopLevel(results: Record<string, unknown>) {
  const scalars = Object.entries(results).filter(([, value]) => typeof value !== "object" || value === null);
  const objects = Object.entries(results).filter(([, value]) => typeof value === "object" && value !== null);
  return Object.fromEntries([...scalars, ...objects]);
}

await main();
