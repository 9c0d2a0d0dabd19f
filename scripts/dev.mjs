/**
 * `npm run dev`: Remix rebuilds on every change; the server restarts on every new build. NODE_ENV=
 * development reaches startServer, which then runs Remix in its development mode (errors with stacks).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, projectRoot, workerBuildOptions } from "./build-if-needed.mjs";

buildIfNeeded();
// The worker threads' bundle is rebuilt on change too (Remix's watcher builds only its own).
const { esbuild, options: workerOptions } = workerBuildOptions();
const workerWatch = await esbuild.context(workerOptions);
await workerWatch.watch();
// One process unless WORKERS says otherwise: a restart on every build is quicker, and a debugger
// attaches to the one server.
const env = { WORKERS: "1", ...process.env, NODE_ENV: "development" };
const children = [
  spawn(process.execPath, [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "watch"], {
    cwd: projectRoot,
    stdio: "inherit",
    env,
  }),
  spawn(process.execPath, ["--watch-path=build", "scripts/start.mjs"], { cwd: projectRoot, stdio: "inherit", env }),
];
const stop = async () => {
  for (const child of children) child.kill("SIGTERM");
  await workerWatch.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
