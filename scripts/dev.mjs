/**
 * `npm run dev`: the app is rebuilt on every change to its sources; the server restarts on every new
 * build. NODE_ENV=development reaches startServer, which then runs Remix in its development mode
 * (errors with stacks). Vite's own dev server (hot reload) is not wired in: the server entry is the
 * built bundle, the same one `npm start` runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded, projectRoot, sourceEntries, workerBuildPath } from "./build-if-needed.mjs";

buildIfNeeded();
// One process unless WORKERS says otherwise: a restart on every build is quicker, and a debugger
// attaches to the one server. The workers' bundle is written last, so its arrival marks a whole build.
const env = { WORKERS: "1", ...process.env, NODE_ENV: "development" };
const server = spawn(process.execPath, [`--watch-path=${workerBuildPath}`, "scripts/start.mjs"], {
  cwd: projectRoot,
  stdio: "inherit",
  env,
});

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
  child.on("exit", () => {
    building = false;
    if (again) {
      again = false;
      rebuild();
    }
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
  server.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
