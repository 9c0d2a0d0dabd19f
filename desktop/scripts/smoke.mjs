/**
 * The release smoke test, run on each runner against the INSTALLED app (real Electron, native
 * modules rebuilt for it), on a scratch data folder:
 *
 *   1. every native module (.node) in the app is built for this OS and CPU (`--arch`, default
 *      this machine's);
 *   2. the app starts: its server answers /healthz and the sign-in page on 127.0.0.1;
 *   3. an account is registered (the password is hashed with @node-rs/argon2's native module),
 *      reads /api/me, and signs out (the token no longer works);
 *   4. the window loaded the app (the log file in the data folder says so);
 *   5. the app quits cleanly when asked (a second launch with --quit, the way a user's quit goes:
 *      on Windows a killed process could not clean up): exit code 0, and no sagacity.db-wal left,
 *      so the database was checkpointed and closed.
 *
 *   node desktop/scripts/smoke.mjs <executable> [--resources <folder>] [--arch x64|arm64]
 *
 * <executable>: "/Applications/Sagacity Bites.app/Contents/MacOS/Sagacity Bites",
 * "C:\\...\\Sagacity Bites.exe", or the AppImage's extracted squashfs-root/sagacity-bites.
 * --resources defaults to the folder holding app.asar beside the executable. Linux needs a
 * display: run it under xvfb-run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { mismatchedNativeModules, nativeModulesBelow } from "./native-arch.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { resources: { type: "string" }, arch: { type: "string", default: process.arch } },
});
const executable = positionals[0] && path.resolve(positionals[0]);
if (!executable || !fs.existsSync(executable)) {
  console.error(`Usage: node desktop/scripts/smoke.mjs <installed executable> (got ${positionals[0] ?? "nothing"})`);
  process.exit(2);
}
const resources =
  values.resources ??
  (process.platform === "darwin"
    ? path.resolve(path.dirname(executable), "../Resources")
    : path.join(path.dirname(executable), "resources"));

function step(message) {
  console.log(`smoke: ${message}`);
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

async function call(origin, pathname, { method = "GET", body, token } = {}) {
  const response = await fetch(origin + pathname, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

// 1. Native modules of the right architecture.
const modules = nativeModulesBelow(path.join(resources, "app.asar.unpacked"));
if (!modules.length) throw new Error(`No native modules in ${resources}/app.asar.unpacked`);
const wrong = mismatchedNativeModules(path.join(resources, "app.asar.unpacked"), {
  platform: process.platform,
  arch: values.arch,
});
if (wrong.length) {
  throw new Error(
    `Native modules not built for ${process.platform} ${values.arch}:\n` +
      wrong.map(({ file, found }) => `  ${file}: ${found}`).join("\n"),
  );
}
step(`${modules.length} native modules, all ${process.platform} ${values.arch}`);

const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-smoke-"));
const env = { ...process.env, SAGACITY_DATA_DIR: dataFolder };
const extraArgs = process.platform === "linux" ? ["--no-sandbox"] : [];
step(`starting ${executable} with its data in ${dataFolder}`);
const child = spawn(executable, extraArgs, { env, stdio: "inherit" });
let exitCode;
child.on("exit", (code, signal) => {
  exitCode = code ?? signal;
  step(`the app exited (${exitCode})`);
});

let failure;
try {
  // 2. The server.
  const settingsFile = path.join(dataFolder, "settings.json");
  const port = await waitFor(
    () => {
      if (exitCode !== undefined) throw new Error("The app quit before its server started");
      if (!fs.existsSync(settingsFile)) return undefined;
      return JSON.parse(fs.readFileSync(settingsFile, "utf8")).port;
    },
    90_000,
    "the server",
  );
  const origin = `http://127.0.0.1:${port}`;
  const health = await call(origin, "/healthz");
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
  const login = await call(origin, "/login");
  if (login.status !== 200 || !login.text.includes("Sign In")) throw new Error(`/login answered ${login.status}`);
  step(`the server answers on ${origin}`);

  // 3. Register (argon2), read, sign out.
  const account = { email: `smoke-${Date.now()}@example.org`, password: "smoke test passphrase" };
  const registered = await call(origin, "/api/auth/register", { method: "POST", body: account });
  if (registered.status !== 201 || !registered.json?.token) {
    throw new Error(`Registering answered ${registered.status}: ${registered.text.slice(0, 300)}`);
  }
  const token = registered.json.token;
  const me = await call(origin, "/api/me", { token });
  if (me.status !== 200) throw new Error(`/api/me answered ${me.status}`);
  const signIn = await call(origin, "/api/auth/login", { method: "POST", body: account });
  if (signIn.status !== 200) throw new Error(`Signing in again (argon2 verify) answered ${signIn.status}`);
  const signOut = await call(origin, "/api/auth/logout", { method: "POST", token });
  if (signOut.status !== 200) throw new Error(`Signing out answered ${signOut.status}`);
  const after = await call(origin, "/api/me", { token });
  if (after.status !== 401) throw new Error(`After signing out /api/me answered ${after.status}`);
  step("registered, signed in, signed out");

  // 4. The window loaded the app.
  const logFile = path.join(dataFolder, "logs", "main.log");
  await waitFor(
    () => fs.existsSync(logFile) && fs.readFileSync(logFile, "utf8").includes(`The window loaded ${origin}/`),
    60_000,
    "the window to load the app (logs/main.log)",
  );
  step("the window loaded the app");

  // 5. A clean quit.
  spawn(executable, [...extraArgs, "--quit"], { env, stdio: "inherit" });
  await waitFor(() => exitCode !== undefined, 60_000, "the app to quit");
  if (exitCode !== 0) throw new Error(`The app exited with ${exitCode}`);
  const leftovers = fs.readdirSync(dataFolder).filter((name) => name.endsWith(".db-wal"));
  if (leftovers.length) throw new Error(`Not closed cleanly, left: ${leftovers.join(", ")}`);
  if (!fs.existsSync(path.join(dataFolder, "sagacity.db"))) throw new Error("No database in the data folder");
  step("quit cleanly: no -wal left");
} catch (error) {
  failure = error;
} finally {
  if (exitCode === undefined) {
    child.kill();
    await waitFor(() => exitCode !== undefined, 20_000, "the app to end").catch((error) => (failure ??= error));
  }
}
if (failure) {
  console.error(failure);
  const logFile = path.join(dataFolder, "logs", "main.log");
  if (fs.existsSync(logFile)) console.error(`--- ${logFile} ---\n${fs.readFileSync(logFile, "utf8")}`);
  process.exit(1);
}
step("passed");
