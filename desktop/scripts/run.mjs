/**
 *   npm run desktop        build the app, stage it in desktop/app, rebuild better-sqlite3 there for
 *                          Electron, and launch Electron on it (development)
 *   npm run desktop:dist   the same staging, the packaging check on Linux
 *                          (tests/desktop/electron-builder.check.ts), then electron-builder:
 *                          installers for this OS in desktop/dist. Extra
 *                          arguments go to electron-builder, for example
 *                          `npm run desktop:dist -- --mac dmg --arm64` or `-- --win nsis`.
 *
 * Both need Node 22.12 or newer (electron-builder's native rebuild, @electron/rebuild 4, is
 * ESM-only) and the internet for Electron itself and its headers.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { buildIfNeeded } from "../../scripts/build-if-needed.mjs";
import { desktopRoot } from "./build-main.mjs";
import { electronBinaryInstalled, ensureDesktopDependencies } from "./deps.mjs";
import { mismatchedNativeModules } from "./native-arch.mjs";
import { stageApp } from "./stage.mjs";

const mode = process.argv[2] === "dist" ? "dist" : "run";
const builderArgs = process.argv.slice(mode === "dist" ? 3 : 2);
const stageDir = path.join(desktopRoot, "app");
const builderCli = path.join(desktopRoot, "node_modules/electron-builder/cli.js");

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: desktopRoot, stdio: "inherit", ...options });
  if (result.status !== 0) fail(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status}).`);
}

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  fail(
    `The desktop build needs Node 22.12 or newer (this is Node ${process.versions.node}): ` +
      "electron-builder rebuilds better-sqlite3 for Electron with @electron/rebuild 4, which needs it.",
  );
}

buildIfNeeded();
ensureDesktopDependencies({ skipBinary: mode === "dist" });
const electronVersion = JSON.parse(
  fs.readFileSync(path.join(desktopRoot, "node_modules/electron/package.json"), "utf8"),
).version;
await stageApp(stageDir);

if (mode === "dist") {
  // On Linux, electron-builder against a stand-in Electron first: the archive's layout and the
  // packaged server starting, before any installer is made (it builds a Linux folder, so other
  // hosts skip it; npm test checks the staged app offline everywhere).
  if (process.platform === "linux") {
    run(
      process.execPath,
      [
        "--import",
        "tsx",
        "--test",
        "--test-reporter=spec",
        path.join(desktopRoot, "../tests/desktop/electron-builder.check.ts"),
      ],
      {
        cwd: path.join(desktopRoot, ".."),
      },
    );
  }
  run(process.execPath, [builderCli, ...builderArgs]);
  console.log(`\nInstallers are in ${path.join(desktopRoot, "dist")}`);
  process.exit(0);
}

if (!electronBinaryInstalled()) {
  console.log(`Downloading Electron ${electronVersion}...`);
  run(process.execPath, [path.join(desktopRoot, "node_modules/electron/install.js")], {
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: "" },
  });
}

// better-sqlite3 in desktop/app is the root's Node build until it is rebuilt for Electron's ABI;
// the stamp skips the rebuild while nothing changed: the same Electron on the same CPU (a Mac
// running Node under Rosetta, or a folder synced between machines, has another arch).
const nativeStamp = path.join(stageDir, "node_modules/.sagacity-native.json");
const stamp = fs.existsSync(nativeStamp) ? JSON.parse(fs.readFileSync(nativeStamp, "utf8")) : {};
if (stamp.electron !== electronVersion || stamp.arch !== process.arch || stamp.platform !== process.platform) {
  run(process.execPath, [builderCli, "install-app-deps", `--arch=${process.arch}`]);
  fs.writeFileSync(
    nativeStamp,
    JSON.stringify({ electron: electronVersion, arch: process.arch, platform: process.platform }),
  );
}
const wrongArch = mismatchedNativeModules(path.join(stageDir, "node_modules"), {
  platform: process.platform,
  arch: process.arch,
});
if (wrongArch.length) {
  fail(
    `Native modules in desktop/app/node_modules are not ${process.platform} ${process.arch}:\n` +
      wrongArch.map(({ file, found }) => `  ${file}: ${found}`).join("\n") +
      "\nRun `npm ci` at the project root on this machine, then `npm run desktop` again.",
  );
}

const electronBinary = createRequire(path.join(desktopRoot, "package.json"))("electron");
const child = spawn(electronBinary, [stageDir, ...builderArgs], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
