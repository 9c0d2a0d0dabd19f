/**
 * The native-module header reader behind the afterPack check and the release smoke test
 * (desktop/scripts/native-arch.mjs, after-pack.mjs): on the real .node files installed here, and
 * on crafted Windows, macOS and Linux headers for the machines the release builds for.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { checkPackagedNativeModules } from "../../desktop/scripts/after-pack.mjs";
import { mismatchedNativeModules, readNativeArch, readNativeArchOfFile } from "../../desktop/scripts/native-arch.mjs";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-native-arch-"));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function elf(machine: number, { bigEndian = false } = {}) {
  const bytes = Buffer.alloc(64);
  bytes.writeUInt32BE(0x7f454c46, 0);
  bytes[4] = 2;
  bytes[5] = bigEndian ? 2 : 1;
  if (bigEndian) bytes.writeUInt16BE(machine, 18);
  else bytes.writeUInt16LE(machine, 18);
  return bytes;
}

function pe(machine: number) {
  const bytes = Buffer.alloc(0x200);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.writeUInt32BE(0x50450000, 0x80);
  bytes.writeUInt16LE(machine, 0x84);
  return bytes;
}

function machO(cpu: number) {
  const bytes = Buffer.alloc(32);
  bytes.writeUInt32LE(0xfeedfacf, 0);
  bytes.writeUInt32LE(cpu, 4);
  return bytes;
}

function universal(cpus: number[]) {
  const bytes = Buffer.alloc(8 + 20 * cpus.length);
  bytes.writeUInt32BE(0xcafebabe, 0);
  bytes.writeUInt32BE(cpus.length, 4);
  cpus.forEach((cpu, index) => bytes.writeUInt32BE(cpu, 8 + index * 20));
  return bytes;
}

const MACHO_X64 = 0x01000007;
const MACHO_ARM64 = 0x0100000c;

describe("reading a native module's header", () => {
  test("the .node files installed here: Linux x64 ELF (better-sqlite3, @node-rs/argon2)", () => {
    const expected = { format: "elf", archs: [process.arch] };
    const sqlite = path.join(projectRoot, "node_modules/better-sqlite3/build/Release/better_sqlite3.node");
    assert.deepEqual(readNativeArchOfFile(sqlite), expected);
    const argon2 = fs
      .readdirSync(path.join(projectRoot, "node_modules/@node-rs"))
      .filter((name) => name.startsWith("argon2-"))
      .flatMap((name) =>
        fs
          .readdirSync(path.join(projectRoot, "node_modules/@node-rs", name))
          .filter((file) => file.endsWith(".node"))
          .map((file) => path.join(projectRoot, "node_modules/@node-rs", name, file)),
      );
    assert.ok(argon2.length > 0, "argon2's platform package is installed");
    for (const file of argon2) assert.deepEqual(readNativeArchOfFile(file), expected, file);
  });

  test("Windows PE, macOS Mach-O (thin and universal) and Linux ELF headers of each CPU", () => {
    assert.deepEqual(readNativeArch(pe(0x8664)), { format: "pe", archs: ["x64"] });
    assert.deepEqual(readNativeArch(pe(0xaa64)), { format: "pe", archs: ["arm64"] });
    assert.deepEqual(readNativeArch(pe(0x014c)), { format: "pe", archs: ["ia32"] });
    assert.deepEqual(readNativeArch(machO(MACHO_ARM64)), { format: "macho", archs: ["arm64"] });
    assert.deepEqual(readNativeArch(machO(MACHO_X64)), { format: "macho", archs: ["x64"] });
    assert.deepEqual(readNativeArch(universal([MACHO_X64, MACHO_ARM64])), { format: "macho", archs: ["x64", "arm64"] });
    assert.deepEqual(readNativeArch(elf(0xb7)), { format: "elf", archs: ["arm64"] });
    assert.deepEqual(readNativeArch(elf(0x3e, { bigEndian: true }).fill(0, 18, 20)), {
      format: "elf",
      archs: ["elf-machine-0"],
    });
  });

  test("anything else is not a native binary", () => {
    assert.equal(readNativeArch(Buffer.from("module.exports = {}")), null);
    assert.equal(readNativeArch(Buffer.alloc(0)), null);
    const mzWithoutPe = pe(0x8664);
    mzWithoutPe.writeUInt32BE(0, 0x80);
    assert.equal(readNativeArch(mzWithoutPe), null);
    assert.equal(readNativeArch(universal([])), null);
  });
});

describe("the packaged app's native modules", () => {
  function appFolder(name: string, files: Record<string, Buffer>) {
    const folder = path.join(scratch, name);
    for (const [relative, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
      fs.writeFileSync(path.join(folder, relative), bytes);
    }
    return folder;
  }
  const unpacked = "Sagacity Bites.app/Contents/Resources/app.asar.unpacked/node_modules";

  test("an Apple silicon app with Apple silicon binaries passes", () => {
    const folder = appFolder("mac-arm64", {
      [`${unpacked}/better-sqlite3/build/Release/better_sqlite3.node`]: machO(MACHO_ARM64),
      [`${unpacked}/@node-rs/argon2-darwin-arm64/argon2.darwin-arm64.node`]: machO(MACHO_ARM64),
      "Sagacity Bites.app/Contents/Resources/app.asar": Buffer.from("asar"),
    });
    assert.equal(checkPackagedNativeModules({ appOutDir: folder, platform: "darwin", arch: "arm64" }).length, 2);
    assert.deepEqual(mismatchedNativeModules(folder, { platform: "darwin", arch: "arm64" }), []);
  });

  test("an Intel DMG built on an Apple silicon runner is stopped: the wrong binaries are named", () => {
    const folder = appFolder("mac-x64-mixed", {
      [`${unpacked}/better-sqlite3/build/Release/better_sqlite3.node`]: machO(MACHO_X64),
      [`${unpacked}/@node-rs/argon2-darwin-arm64/argon2.darwin-arm64.node`]: machO(MACHO_ARM64),
    });
    assert.throws(
      () => checkPackagedNativeModules({ appOutDir: folder, platform: "darwin", arch: "x64" }),
      /No @node-rs\/argon2-darwin-x64\* native module/,
    );
    const wrong = mismatchedNativeModules(folder, { platform: "darwin", arch: "x64" });
    assert.deepEqual(
      wrong.map(({ file, found }) => [path.basename(file), found]),
      [["argon2.darwin-arm64.node", "macho arm64"]],
    );
  });

  test("a Linux binary in a Windows app, or a binary of the wrong CPU, fails the check", () => {
    const folder = appFolder("win-x64-mixed", {
      "resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node": elf(0x3e),
      "resources/app.asar.unpacked/node_modules/@node-rs/argon2-win32-x64-msvc/argon2.win32-x64-msvc.node": pe(0xaa64),
    });
    assert.throws(
      () => checkPackagedNativeModules({ appOutDir: folder, platform: "win32", arch: "x64" }),
      (error: Error) =>
        /better_sqlite3\.node: elf x64/.test(error.message) &&
        /argon2\.win32-x64-msvc\.node: pe arm64/.test(error.message),
    );
  });

  test("a universal app needs both CPUs in every binary", () => {
    const folder = appFolder("mac-universal", {
      [`${unpacked}/better-sqlite3/build/Release/better_sqlite3.node`]: universal([MACHO_X64, MACHO_ARM64]),
      [`${unpacked}/@node-rs/argon2-darwin-x64/argon2.darwin-x64.node`]: machO(MACHO_X64),
    });
    assert.throws(
      () => checkPackagedNativeModules({ appOutDir: folder, platform: "darwin", arch: "universal" }),
      /argon2\.darwin-x64\.node: macho x64/,
    );
  });
});

describe("the release's update files", () => {
  test("the two Mac runners' latest-mac.yml become one listing both zips", async () => {
    const { mergeUpdateInfo } = await import("../../desktop/scripts/merge-update-info.mjs");
    const arm = {
      version: "1.2.0",
      files: [{ url: "Sagacity-Bites-1.2.0-mac-arm64.zip", sha512: "a", size: 1 }],
      path: "Sagacity-Bites-1.2.0-mac-arm64.zip",
      sha512: "a",
      releaseDate: "2026-11-24T08:00:00.000Z",
    };
    const intel = { ...arm, files: [{ url: "Sagacity-Bites-1.2.0-mac-x64.zip", sha512: "b", size: 2 }] };
    const merged = mergeUpdateInfo([arm, intel]);
    assert.deepEqual(
      merged.files.map((file: { url: string }) => file.url),
      ["Sagacity-Bites-1.2.0-mac-arm64.zip", "Sagacity-Bites-1.2.0-mac-x64.zip"],
    );
    assert.equal(merged.version, "1.2.0");
    assert.throws(() => mergeUpdateInfo([arm, { ...intel, version: "1.1.0" }]), /Versions differ/);
  });
});

describe("the release workflow", () => {
  const workflow = fs.readFileSync(path.join(projectRoot, ".github/workflows/desktop-release.yml"), "utf8");

  test("each OS signs with its own secret only: Windows never falls back to the Apple certificate", () => {
    assert.match(workflow, /^\s+CSC_LINK: \$\{\{ runner\.os == 'macOS' && secrets\.CSC_LINK \|\| '' \}\}$/m);
    assert.match(workflow, /^\s+WIN_CSC_LINK: \$\{\{ runner\.os == 'Windows' && secrets\.WIN_CSC_LINK \|\| '' \}\}$/m);
    assert.doesNotMatch(workflow, /runner\.os == 'Windows' && secrets\.WIN_CSC_LINK \|\| secrets\.CSC_LINK/);
    assert.match(workflow, /Azure Trusted Signing/);
  });

  test("one runner per OS and arch, each checked to be that arch, smoke-testing the installed app", () => {
    const archs = [...workflow.matchAll(/^\s+arch: (\w+)$/gm)].map((match) => match[1]);
    assert.deepEqual(archs, ["arm64", "x64", "x64", "x64"]);
    assert.match(workflow, /node -p process\.arch/);
    assert.match(workflow, /ditto "\$RUNNER_TEMP\/dmg\/Sagacity Bites\.app" "\/Applications\/Sagacity Bites\.app"/);
    assert.match(workflow, /-ArgumentList "\/S", "\/D=\$target"/);
    assert.match(workflow, /node desktop\/scripts\/smoke\.mjs "\$APP_EXECUTABLE" --arch \$\{\{ matrix\.arch \}\}/);
  });
});
