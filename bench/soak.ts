/**
 * `npm run soak [-- --users 200 --seconds 60 --think 1-3]`: the full soak (tests/support/soak.ts
 * describes it) for a minute by default; prints a table and writes bench/soak-results.json.
 */
import fs from "node:fs";
import path from "node:path";
import { formatSoakReport, runSoak } from "../tests/support/soak";

async function main() {
  const argument = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const thinkIndex = process.argv.indexOf("--think");
  const think = thinkIndex > 0 ? (process.argv[thinkIndex + 1]!.split("-").map(Number) as [number, number]) : undefined;
  const report = await runSoak({
    users: argument("users", 200),
    durationMs: argument("seconds", 60) * 1000,
    thinkMs: think,
    log: (line) => console.log(line),
  });
  console.log(`\n${formatSoakReport(report)}`);
  const resultsFile = path.join(import.meta.dirname, "soak-results.json");
  fs.writeFileSync(resultsFile, `${JSON.stringify({ ...report, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), resultsFile)}`);
  process.exit(report.errors === 0 && report.writes.problems.length === 0 ? 0 : 1);
}

await main();
