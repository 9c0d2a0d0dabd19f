/**
 * desktop/ keeps its own node_modules (Electron, electron-builder), installed here on demand so
 * the root `npm install` / `npm ci` never downloads or builds anything for Electron.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { desktopRoot } from "./build-main.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

export function desktopDependenciesInstalled() {
  return (
    fs.existsSync(path.join(desktopRoot, "node_modules/electron-builder/package.json")) &&
    fs.existsSync(path.join(desktopRoot, "node_modules/electron/package.json"))
  );
}

/** True when Electron's own binary was downloaded (it comes from outside the npm registry). */
export function electronBinaryInstalled() {
  return fs.existsSync(path.join(desktopRoot, "node_modules/electron/path.txt"));
}

/**
 * Installs desktop/'s dependencies from its lockfile when they are missing. `skipBinary` leaves
 * Electron's binary out (packaging and tests against a stand-in need only electron-builder).
 */
export function ensureDesktopDependencies({ skipBinary = false, quiet = false } = {}) {
  if (desktopDependenciesInstalled()) return false;
  if (!quiet) console.log("Installing the desktop app's tools (Electron, electron-builder) in desktop/...");
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: desktopRoot,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
    shell: process.platform === "win32",
    env: { ...process.env, ...(skipBinary ? { ELECTRON_SKIP_BINARY_DOWNLOAD: "1" } : {}) },
  });
  if (result.status !== 0) {
    throw new Error(`npm ci in desktop/ failed (${result.status}):\n${result.stderr ?? ""}`);
  }
  return true;
}
