/**
 * Assembles the folder electron-builder packages (desktop/app by default), so that the root
 * project and its node_modules (better-sqlite3 built for Node) are never touched by Electron's
 * native rebuild:
 *
 *   package.json      name, version, "type": "module", main: main/main.js, the root's dependencies
 *   main/             the compiled main process, preloads, AI Settings page, icon
 *   build/ db/migrations/ db/bible-data/
 *                     copied from the project: the top-level folders named in the "files" list of
 *                     desktop/package.json's electron-builder config (one list to edit)
 *   node_modules/     the root's production dependencies, copied from the root install
 *
 * Usage: node desktop/scripts/stage.mjs [outDir]
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildMain, desktopRoot } from "./build-main.mjs";

export const projectRoot = path.resolve(desktopRoot, "..");
const STAMP = ".sagacity-stage.json";

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function builderConfig() {
  return readJson(path.join(desktopRoot, "package.json")).build;
}

/** The project folders the package ships: "build/**" -> "build", "db/migrations/**" -> "db/migrations". */
export function shippedFolders(config = builderConfig()) {
  return config.files
    .filter((pattern) => !pattern.startsWith("!") && pattern.endsWith("/**"))
    .map((pattern) => pattern.slice(0, -3))
    .filter((folder) => folder !== "main");
}

/** The root's production packages as installed: lockfile entries that are not dev-only and exist on disk. */
export function productionPackages() {
  const lock = readJson(path.join(projectRoot, "package-lock.json"));
  return Object.entries(lock.packages)
    .filter(([key, meta]) => key.startsWith("node_modules/") && !meta.dev && !meta.devOptional)
    .map(([key]) => key)
    .filter((key) => fs.existsSync(path.join(projectRoot, key)));
}

const SKIPPED_FILE = /\.(map|d\.ts|d\.mts|d\.cts)$/;
const SKIPPED_BUILD_OUTPUT = new Set(["obj", "obj.target", ".deps", "test_extension.node"]);

function copyPackage(from, to) {
  fs.cpSync(from, to, {
    recursive: true,
    dereference: true,
    filter: (source) => {
      const relative = path.relative(from, source);
      if (!relative) return true;
      const parts = relative.split(path.sep);
      // Nested node_modules are lockfile entries of their own.
      if (parts[0] === "node_modules" || parts[0] === ".bin") return false;
      if (parts[0] === "build" && parts[1] === "Release" && SKIPPED_BUILD_OUTPUT.has(parts[2] ?? "")) return false;
      return !SKIPPED_FILE.test(source);
    },
  });
}

function lockDigest() {
  return createHash("sha256")
    .update(fs.readFileSync(path.join(projectRoot, "package-lock.json")))
    .digest("hex");
}

/**
 * Copies the production node_modules, unless this folder already holds them for the same
 * lockfile (so the Electron rebuild of better-sqlite3 done there survives a re-stage).
 */
function stageNodeModules(outDir) {
  const target = path.join(outDir, "node_modules");
  const stampFile = path.join(target, STAMP);
  const digest = lockDigest();
  if (fs.existsSync(stampFile) && readJson(stampFile).lock === digest) return false;
  fs.rmSync(target, { recursive: true, force: true });
  for (const key of productionPackages()) copyPackage(path.join(projectRoot, key), path.join(outDir, key));
  fs.writeFileSync(stampFile, JSON.stringify({ lock: digest }));
  return true;
}

/** The build ships its Bible database (build/bible.sqlite); make sure it is there and current. */
async function ensureBibleDatabase() {
  const { ensureBibleDatabase } = await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href);
  ensureBibleDatabase(path.join(projectRoot, "build/bible.sqlite"));
}

export async function stageApp(outDir = path.join(desktopRoot, "app"), { log = console.log } = {}) {
  if (!fs.existsSync(path.join(projectRoot, "build/server/index.js"))) {
    throw new Error("There is no build: run `npm run build` at the project root first");
  }
  await ensureBibleDatabase();
  fs.mkdirSync(outDir, { recursive: true });
  const root = readJson(path.join(projectRoot, "package.json"));
  const manifest = {
    name: "sagacity-bites",
    productName: "Sagacity Bites",
    version: root.version,
    description: root.description,
    author: { name: "Sagacity Bites" },
    license: root.license ?? "UNLICENSED",
    private: true,
    type: "module",
    main: "main/main.js",
    dependencies: root.dependencies,
  };
  fs.writeFileSync(path.join(outDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  const missing = [];
  for (const folder of shippedFolders()) {
    const from = path.join(projectRoot, folder);
    const to = path.join(outDir, folder);
    fs.rmSync(to, { recursive: true, force: true });
    if (!fs.existsSync(from)) {
      missing.push(folder);
      continue;
    }
    fs.cpSync(from, to, { recursive: true, dereference: true });
  }
  if (missing.length) throw new Error(`Folders listed for packaging are missing: ${missing.join(", ")}`);

  await buildMain(path.join(outDir, "main"));
  const copied = stageNodeModules(outDir);
  log(`Staged the desktop app in ${outDir}${copied ? "" : " (node_modules unchanged)"}`);
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await stageApp(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
