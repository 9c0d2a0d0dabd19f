import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBuildPath = path.join(projectRoot, "build/server/index.js");
export const workerBuildPath = path.join(projectRoot, "build/server/worker.js");

export const sourceEntries = ["app", "db", "public", "vite.config.ts", "tailwind.config.ts", "package.json"];

function newestModification(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

/** True when there is no build or a source file changed after it was made. */
export function buildIsStale() {
  const built = fs.statSync(serverBuildPath, { throwIfNoEntry: false });
  if (!built || !fs.existsSync(workerBuildPath)) return true;
  // A deployment image ships the build without the sources: nothing to rebuild from.
  if (!fs.existsSync(path.join(projectRoot, "app"))) return false;
  const newestSource = Math.max(...sourceEntries.map((entry) => newestModification(path.join(projectRoot, entry))));
  return newestSource > built.mtimeMs;
}

/**
 * esbuild options for the worker threads' entry (app/server/worker.server.ts -> build/server/worker.js):
 * only the code the workers run, so a worker starts several times faster than it would by loading
 * the whole server bundle. esbuild comes with Vite (a development dependency): it is
 * loaded only when building.
 */
export function workerBuildOptions() {
  return {
    esbuild: createRequire(import.meta.url)("esbuild"),
    options: {
      entryPoints: [path.join(projectRoot, "app/server/worker.server.ts")],
      outfile: workerBuildPath,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      alias: { "~": path.join(projectRoot, "app"), "#db": path.join(projectRoot, "db") },
      tsconfig: path.join(projectRoot, "tsconfig.json"),
      logLevel: "warning",
    },
  };
}

/** Builds the app (server bundle, worker bundle and browser assets) when missing or out of date. */
export function buildIfNeeded({ quiet = false, force = false } = {}) {
  if (!force && !buildIsStale()) return;
  if (!quiet) console.log("Building Sagacity Bites...");
  // Vite does not empty build/ (vite.config.ts): the Bible database there outlives a rebuild.
  for (const output of ["client", "server", ".vite"]) {
    fs.rmSync(path.join(projectRoot, "build", output), { recursive: true, force: true });
  }
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"],
    {
      cwd: projectRoot,
      stdio: quiet ? "pipe" : "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stderr ?? "");
    throw new Error("The build failed");
  }
  const { esbuild, options } = workerBuildOptions();
  esbuild.buildSync(options);
}

// `npm run build`: always rebuild, and prepare the Bible database the build ships with.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIfNeeded({ force: process.argv.includes("--force") });
  const { ensureBibleDatabase } = await import(pathToFileURL(serverBuildPath).href);
  const bible = ensureBibleDatabase();
  console.log(
    bible.builtMs === undefined
      ? `Bible database ready (${bible.path})`
      : `Built the Bible database in ${bible.builtMs} ms`,
  );
}
