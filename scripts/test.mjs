/**
 * `npm test`: builds the app when needed, runs the unit and API tests with node's test runner
 * (several files at once), then the end-to-end tests with Playwright in Debian's Chromium, and
 * ends with one plain line: "N passed, N failed".
 *
 * `npm run test:deep` (mode "deep") runs the same suite with the fuzz and soak tests at full size
 * (docs/adr/0018-a-suite-without-clocks.md): weekly in CI and before a release.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded, projectRoot } from "./build-if-needed.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";

const mode = process.argv[2]; // "unit" or "e2e" to run one half, "deep" for everything at full size
const only = mode === "deep" ? undefined : mode;

// The sizes `npm test` runs smaller; each can also be set on its own.
const DEEP = { FUZZ_RUNS: "1000", SOAK_USERS: "200", SOAK_SECONDS: "12", LINEAR_STEPS: "all", HOSTILE_SIZES: "all" };
const sizes = mode === "deep" ? Object.fromEntries(Object.entries(DEEP).filter(([name]) => !process.env[name])) : {};

// Test files run this many at a time, each in its own process with its own temporary database and
// free ports. Most of a file's time is spent waiting on a server, so one more than the cores.
const concurrency = Number(process.env.TEST_CONCURRENCY ?? os.availableParallelism() + 1);

function findTests(folder, pattern, found = []) {
  if (!fs.existsSync(folder)) return found;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") findTests(full, pattern, found);
    } else if (pattern.test(entry.name)) {
      found.push(path.relative(projectRoot, full));
    }
  }
  return found;
}

// The files that take longest (a minute or more of one place each, measured on 2 cores) start
// first: started last, any one of them ran on alone for its last minute while the other places
// stood empty. Files not named keep their order after these.
const LONG_FILES = [
  "tests/api/fuzz.test.ts",
  "tests/desktop/main-process.test.ts",
  "tests/api/route-matrix.test.ts",
  "tests/api/import-cluster.test.ts",
  "tests/api/worker-pool.test.ts",
  "tests/api/account-roundtrip.test.ts",
  "tests/api/backup.test.ts",
  "tests/api/soak.test.ts",
];
const longFirst = (file) => {
  const rank = LONG_FILES.indexOf(file.split(path.sep).join("/"));
  return rank === -1 ? LONG_FILES.length : rank;
};

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

// Checked first: a missing browser stops the run at once rather than after the unit tests. The
// node half needs it too (tests/desktop drives the desktop app's pages in Chromium).
{
  const problem = ensureChromium();
  if (problem) {
    console.error(`\n${problem}\n`);
    process.exit(1);
  }
}

buildIfNeeded();

let passed = 0;
let failed = 0;

if (only !== "e2e") {
  const files = [
    ...findTests(path.join(projectRoot, "app"), /\.test\.tsx?$/),
    ...findTests(path.join(projectRoot, "tests/unit"), /\.test\.tsx?$/),
    ...findTests(path.join(projectRoot, "tests/api"), /\.test\.tsx?$/),
    ...findTests(path.join(projectRoot, "tests/desktop"), /\.test\.tsx?$/),
  ].sort((a, b) => longFirst(a) - longFirst(b));
  const { code, output } = await run(
    process.execPath,
    // --test-force-exit: a file whose failed test left its server open ends once its tests have, instead
    // of holding the whole run (seen: backup.test.ts after a failure, 20 minutes).
    [
      "--import",
      "tsx",
      "--test",
      "--test-force-exit",
      `--test-concurrency=${concurrency}`,
      "--test-reporter=spec",
      ...files,
    ],
    sizes,
  );
  const pass = Number(/ℹ pass (\d+)/.exec(output)?.[1] ?? 0);
  const fail = Number(/ℹ fail (\d+)/.exec(output)?.[1] ?? 0);
  passed += pass;
  failed += fail + (code !== 0 && fail === 0 ? 1 : 0);
}

if (only !== "unit") {
  const report = path.join(projectRoot, "test-results/e2e-report.json");
  fs.rmSync(report, { force: true });
  const { code } = await run(
    process.execPath,
    [path.join(projectRoot, "node_modules/@playwright/test/cli.js"), "test", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  if (fs.existsSync(report)) {
    const { stats } = JSON.parse(fs.readFileSync(report, "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (code !== 0 && stats.unexpected === 0) failed += 1;
  } else {
    failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
