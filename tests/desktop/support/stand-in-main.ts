import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { api, registerAccount } from "../../support/server";

/**
 * Runs an app folder's main process (main/main.js) under Node with the stand-in electron module,
 * from an unrelated working directory, and checks that it starts the real server from that
 * folder's own files, serves and signs up, keeps its database in the data folder, and stops cleanly.
 */
export async function assertMainProcessStarts(appDir: string, userData: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, STANDIN_APP_PATH: appDir, STANDIN_USER_DATA: userData };
  for (const name of ["BIBLE_DB_PATH", "DATABASE_PATH", "SAGACITY_DATA_DIR", "OPENAI_API_KEY", "AI_PROVIDER"])
    delete env[name];
  const child = spawn(
    process.execPath,
    [
      // The stand-in's hook first, so tsx (registered after it) loads the TypeScript it points to.
      "--import",
      pathToFileURL(path.join(import.meta.dirname, "electron-hook.mjs")).href,
      "--import",
      import.meta.resolve("tsx"),
      path.join(appDir, "main/main.js"),
    ],
    // Run from somewhere else entirely: every path must come from the app folder.
    { cwd: os.tmpdir(), env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const events: Array<Record<string, unknown>> = [];
  const lines = readline.createInterface({ input: child.stdout });
  const waitFor = (event: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = events.find((entry) => entry.event === event);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`no ${event} event; stderr:\n${stderr}\nevents: ${JSON.stringify(events)}`)),
        30_000,
      );
      lines.on("line", (line) => {
        try {
          const entry = JSON.parse(line);
          events.push(entry);
          if (entry.event === event) {
            clearTimeout(timer);
            resolve(entry);
          }
          if (entry.event === "dialog" && entry.type === "error") {
            clearTimeout(timer);
            reject(new Error(`start-up failed: ${entry.detail}`));
          }
        } catch {
          // Not one of ours.
        }
      });
    });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    const window = (await waitFor("window")) as { url: string; webPreferences: { preload: string } };
    const origin = new URL(window.url).origin;
    assert.match(origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(window.webPreferences.preload, path.join(appDir, "main/preload.cjs"));
    assert.equal((await fetch(`${origin}/healthz`)).status, 200);
    const login = await fetch(`${origin}/login`);
    assert.equal(login.status, 200);
    assert.match(await login.text(), /Sign In/);
    const account = await registerAccount(origin);
    assert.equal((await api(origin, "/api/me", { token: account.token })).status, 200);
    assert.ok(fs.existsSync(path.join(userData, "sagacity.db")), "the database is in the data folder");
  } finally {
    child.kill("SIGTERM");
  }
  assert.equal(await exited, 0, stderr);
  assert.equal(fs.existsSync(path.join(userData, "sagacity.db-wal")), false, "closed cleanly");
  assert.equal(fs.existsSync(path.join(userData, "bible.sqlite")), false, "the shipped Bible database was used");
  assert.ok(fs.existsSync(path.join(userData, "logs")), "the log folder is in the data folder");
}
