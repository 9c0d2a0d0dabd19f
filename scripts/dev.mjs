/**
 * `npm run dev`: the app is rebuilt on every change to its sources; the server restarts on every new
 * build. NODE_ENV=development reaches startServer, which then runs Remix in its development mode
 * (errors with stacks). Vite's own dev server (hot reload) is not wired in: the server entry is the
 * built bundle, the same one `npm start` runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded, projectRoot, sourceEntries } from "./build-if-needed.mjs";

buildIfNeeded();
// One process unless WORKERS says otherwise: a restart on every build is quicker, and a debugger
// attaches to the one server.
const env = { WORKERS: "1", ...process.env, NODE_ENV: "development" };
let server;
function startServer() {
  server = spawn(process.execPath, ["scripts/start.mjs"], { cwd: projectRoot, stdio: "inherit", env });
}
// Restarted only once a build has finished: a build first removes the previous one.
function restartServer() {
  if (server.exitCode !== null || server.signalCode !== null) return startServer();
  server.once("exit", startServer);
  server.kill("SIGTERM");
}
startServer();

let building = false;
let again = false;
function rebuild() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const child = spawn(process.execPath, ["scripts/build-if-needed.mjs", "--force"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  child.on("exit", (code) => {
    building = false;
    if (again) {
      again = false;
      rebuild();
    } else if (code === 0) restartServer();
  });
}

let pending;
const watchers = sourceEntries.map((entry) =>
  fs.watch(path.join(projectRoot, entry), { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(rebuild, 200);
  }),
);

const stop = () => {
  for (const watcher of watchers) watcher.close();
  server.removeAllListeners("exit");
  server.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
