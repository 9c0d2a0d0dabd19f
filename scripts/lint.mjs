/**
 * `npm run lint`: ESLint (zero warnings), the import-cycle check, `prettier --check` and the type
 * check. The four are independent, so they run side by side (two at a time by default: each is
 * single-threaded) and each one's output is printed whole when it ends, in a block of its own.
 * Exits non-zero when any of them failed, naming which.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const checks = [
  // The slowest first, so the last to start is a short one.
  { name: "tsc --noEmit", command: bin("tsc"), args: ["--noEmit"] },
  { name: "eslint", command: bin("eslint"), args: [".", "--max-warnings", "0"] },
  { name: "prettier --check", command: bin("prettier"), args: ["--check", "."] },
  { name: "import cycles", command: process.execPath, args: [path.join(root, "scripts/check-cycles.mjs")] },
];

const parallel = Math.max(1, Number(process.env.LINT_CONCURRENCY ?? os.availableParallelism()));

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = "";
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      output += `${error.message}\n`;
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${name} (${code === 0 ? "ok" : `failed, exit ${code}`}, ${seconds} s)\n${output}`);
      resolve({ name, ok: code === 0 });
    });
  });
}

const queue = [...checks];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
  }),
);

const failed = results.filter((result) => !result.ok).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nlint failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nlint passed: ${results.map((result) => result.name).join(", ")}`);
