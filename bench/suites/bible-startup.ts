import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ensureBibleDatabase } from "~/modules/bible/bible-db-build.server";
import type { BenchSuite } from "../run";

/**
 * What the shipped Bible costs at start-up: the one-time import of db/bible-data into
 * build/bible.sqlite, and every later start, which only checks the file's version and opens it.
 */
export const bibleStartupSuite: BenchSuite = {
  name: "bibleStartup",
  aliases: ["bible"],
  description: "Bible database: first build vs later starts",
  async run() {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-bible-"));
    const file = path.join(folder, "bible.sqlite");
    try {
      const built = ensureBibleDatabase(file);
      const laterStarts: number[] = [];
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        ensureBibleDatabase(file);
        laterStarts.push(performance.now() - started);
      }
      const opened = performance.now();
      const db = new Database(file, { readonly: true, fileMustExist: true });
      db.prepare("select bsb from verses where id = ?").get(43003016);
      const openAndFirstQueryMs = performance.now() - opened;
      db.close();
      laterStarts.sort((a, b) => a - b);
      return {
        firstBuildMs: built.builtMs ?? 0,
        laterStartMs: Math.round(laterStarts[2]! * 100) / 100,
        openAndFirstQueryMs: Math.round(openAndFirstQueryMs * 100) / 100,
        fileBytes: fs.statSync(file).size,
      };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  print(result) {
    const r = result as { firstBuildMs: number; laterStartMs: number; openAndFirstQueryMs: number; fileBytes: number };
    return [
      `first build (once per install): ${r.firstBuildMs} ms, ${(r.fileBytes / 1024 / 1024).toFixed(1)} MB`,
      `later starts (version check): ${r.laterStartMs} ms; open + first query: ${r.openAndFirstQueryMs} ms`,
    ];
  },
};
