/**
 * `npm run bench [suite ...]`: runs the named benchmark suites (all when none is named), prints
 * their figures and merges them into bench/results.json under each suite's name, so suites can
 * be run one at a time without losing the others' figures.
 */
import fs from "node:fs";
import path from "node:path";
import { suites } from "./suites";

export interface BenchSuite {
  /** The key under which the results are stored in bench/results.json. */
  name: string;
  description: string;
  run: () => Promise<unknown>;
  /** Human-readable lines for the terminal. */
  print: (result: unknown) => string[];
}

const resultsFile = path.join(import.meta.dirname, "results.json");

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !suites.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown suite(s): ${unknown.join(", ")}. Known: ${suites.map((suite) => suite.name).join(", ")}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? suites.filter((suite) => wanted.includes(suite.name)) : suites;
  const results: Record<string, unknown> = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, "utf8")) : {};
  for (const suite of selected) {
    console.log(`\n== ${suite.name}: ${suite.description}`);
    const result = await suite.run();
    for (const line of suite.print(result)) console.log(`   ${line}`);
    results[suite.name] = { ...(result as object), measuredAt: new Date().toISOString() };
  }
  results.machine = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: (await import("node:os")).cpus().length };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), resultsFile)}`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("run.ts")) {
  await main();
}
