import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";

/**
 * The server's utility-process script (desktop/src/server-host.ts) compiled as build-main.mjs
 * does, once per test file: the stand-in's utilityProcess.fork then runs plain JavaScript, as in
 * the app, without a TypeScript loader slowing down every import of the server build.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-server-host-"));
export const serverHost = path.join(folder, "server-host.js");
buildSync({
  entryPoints: [path.resolve(import.meta.dirname, "../../../desktop/src/server-host.ts")],
  outfile: serverHost,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
process.once("exit", () => fs.rmSync(folder, { recursive: true, force: true }));
