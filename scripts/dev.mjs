/** `npm run dev`: Remix rebuilds on every change; the server restarts on every new build. */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, projectRoot } from "./build-if-needed.mjs";

buildIfNeeded();
const env = { ...process.env, NODE_ENV: "development" };
const children = [
  spawn(process.execPath, [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "watch"], { cwd: projectRoot, stdio: "inherit", env }),
  spawn(process.execPath, ["--watch-path=build", "scripts/start.mjs"], { cwd: projectRoot, stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
