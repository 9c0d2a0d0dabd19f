import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project (or packaged app) folder. This file sits one level below it both as source
 * (app/paths.server.ts) and bundled (build/index.js), so the same expression works for the
 * server, the tests and the desktop app, whatever the working directory.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const bibleDataDir = path.join(projectRoot, "db/bible-data");
