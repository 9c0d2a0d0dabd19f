/**
 * Starts the packaged app from desktop/dist (real Electron, better-sqlite3 rebuilt for it) on a
 * scratch data folder, waits for its server (the port it records in settings.json), checks
 * /healthz and the sign-in page, then ends it. The release workflow runs it on each OS after
 * electron-builder. It needs a display: use xvfb-run on Linux.
 *
 *   node desktop/scripts/smoke.mjs
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desktopRoot } from "./build-main.mjs";

const dist = path.join(desktopRoot, "dist");

function findExecutable() {
  const folders = fs.existsSync(dist) ? fs.readdirSync(dist) : [];
  const candidates = folders.flatMap((folder) => {
    const base = path.join(dist, folder);
    if (process.platform === "darwin") return [path.join(base, "Sagacity Bites.app/Contents/MacOS/Sagacity Bites")];
    if (process.platform === "win32") return [path.join(base, "Sagacity Bites.exe")];
    return [path.join(base, "sagacity-bites")];
  });
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`No packaged app in ${dist} (looked for ${candidates.join(", ") || "anything"})`);
  return found;
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const executable = findExecutable();
const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-smoke-"));
console.log(`Starting ${executable} with its data in ${dataFolder}`);
const child = spawn(executable, process.platform === "linux" ? ["--no-sandbox"] : [], {
  env: { ...process.env, SAGACITY_DATA_DIR: dataFolder },
  stdio: "inherit",
});
let exited = false;
child.on("exit", (code) => {
  exited = true;
  console.log(`The app exited (${code})`);
});

let failure;
try {
  const settingsFile = path.join(dataFolder, "settings.json");
  const port = await waitFor(
    () => {
      if (exited) throw new Error("The app quit before its server started");
      if (!fs.existsSync(settingsFile)) return undefined;
      return JSON.parse(fs.readFileSync(settingsFile, "utf8")).port;
    },
    90_000,
    "the server",
  );
  const origin = `http://127.0.0.1:${port}`;
  const health = await fetch(`${origin}/healthz`);
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
  const login = await fetch(`${origin}/login`);
  const page = await login.text();
  if (login.status !== 200 || !page.includes("Sign In")) throw new Error(`/login answered ${login.status}`);
  if (!fs.existsSync(path.join(dataFolder, "sagacity.db"))) throw new Error("No database in the data folder");
  console.log(`The packaged app serves ${origin} from ${dataFolder}`);
} catch (error) {
  failure = error;
} finally {
  child.kill();
  await waitFor(() => exited, 20_000, "the app to quit").catch((error) => (failure ??= error));
}
if (failure) {
  console.error(failure);
  process.exit(1);
}
