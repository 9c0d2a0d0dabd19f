/**
 * The browser tests drive Debian's Chromium. On a fresh machine it is not there yet: `npm test`
 * installs it (as root, or through passwordless sudo) before anything runs, or stops at once with
 * the one command to run, instead of reporting every browser test as failed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// The headless build of Debian's Chromium (tests/support/chromium.ts says why).
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";
const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${PACKAGE}`;

function works(binary) {
  if (!fs.existsSync(binary)) return false;
  const probe = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
  return probe.status === 0;
}

function asRootCommand() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore" });
  return sudo.status === 0 ? ["sudo", "-n"] : null;
}

function run(prefix, args) {
  const [command, ...rest] = [...prefix, ...args];
  const result = spawnSync(command, rest, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/** Returns null when Chromium is ready, else the reason the browser tests cannot run. */
export function ensureChromium() {
  if (works(chromiumPath)) return null;
  if (process.env.CHROMIUM_PATH) {
    return `CHROMIUM_PATH is set to ${chromiumPath}, which is not a working Chromium. Point it at one, or unset it to use Debian's (${INSTALL_COMMAND}).`;
  }
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  const prefix = hasApt ? asRootCommand() : null;
  if (!hasApt || !prefix) {
    return `The browser tests need Chromium at ${chromiumPath}. Install it once with:\n\n    ${INSTALL_COMMAND}\n\n(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run npm test again.`;
  }
  console.log(
    `Chromium was not found at ${chromiumPath}: installing Debian's ${PACKAGE} package for the browser tests...`,
  );
  const installed =
    run(prefix, ["apt-get", "update", "-qq"]) && run(prefix, ["apt-get", "install", "-y", "-qq", PACKAGE]);
  if (installed && works(chromiumPath)) {
    console.log(`Installed ${spawnSync(chromiumPath, ["--version"], { encoding: "utf8" }).stdout.trim()}.`);
    return null;
  }
  return `Installing Chromium failed (see apt-get's output above). Install it with:\n\n    ${INSTALL_COMMAND}\n\nthen run npm test again.`;
}
