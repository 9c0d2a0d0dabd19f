import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project (or packaged app) folder: the nearest one above this module holding a package.json.
 * The module runs from its source (app/paths.server.ts, under tsx in tests) and bundled
 * (build/server/index.js), at different depths, so the server, the tests and the desktop app all
 * find it whatever the working directory.
 */
function findProjectRoot(from: string): string {
  const parent = path.dirname(from);
  if (fs.existsSync(path.join(from, "package.json")) || parent === from) return from;
  return findProjectRoot(parent);
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const bibleDataDir = path.join(projectRoot, "db/bible-data");
