/**
 * Packaging with electron-builder itself, run by `npm run desktop:dist` before it builds the
 * installers (not by `npm test`: desktop/'s tools come from the registry; tests/desktop/package.test.ts
 * checks the staged app offline). electron-builder, from desktop/'s own node_modules, builds the
 * unpacked Linux app against a stand-in Electron folder (`electronDist`) with the project's real
 * configuration. The archive's layout is checked, and the packaged main process is run under Node
 * from the extracted app.asar (with a stand-in for the electron module) to prove the shipped files
 * and dependencies start the real server.
 *
 *   node --import tsx --test tests/desktop/electron-builder.check.ts
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { desktopDependenciesInstalled } from "../../desktop/scripts/deps.mjs";
import { builderConfig, productionPackages, shippedFolders, stageApp } from "../../desktop/scripts/stage.mjs";
import { assertManifestFromRoot, buildTools, desktopMainFiles, filesBelow } from "./support/app-folder";
import { assertMainProcessStarts } from "./support/stand-in-main";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const desktopRoot = path.join(projectRoot, "desktop");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-package-"));
const stage = path.join(scratch, "app");
const output = path.join(scratch, "dist");
const electronDist = path.join(scratch, "electron");
const unpackedDir = path.join(output, process.arch === "arm64" ? "linux-arm64-unpacked" : "linux-unpacked");
const resources = path.join(unpackedDir, "resources");

type Asar = {
  listPackage(archive: string, options?: { isPack: boolean }): string[];
  extractFile(archive: string, filename: string): Buffer;
  extractAll(archive: string, destination: string): void;
  statFile(archive: string, filename: string): { unpacked?: boolean; size?: number };
};
let asar: Asar;
let entries: Set<string>;
let builderOutput = "";

/**
 * Electron's fuse wire as its binary carries it (@electron/fuses finds it by this sentinel):
 * version 1, 8 fuses at Electron's defaults ('1' on, '0' off).
 */
const FUSE_SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
const DEFAULT_FUSES = "10110001";

/**
 * What electron-builder needs of an unpacked Linux Electron: the executable it renames (with the
 * fuse wire it flips), locales, resources.
 */
function makeStandInElectron() {
  fs.mkdirSync(path.join(electronDist, "resources"), { recursive: true });
  fs.mkdirSync(path.join(electronDist, "locales"), { recursive: true });
  fs.writeFileSync(
    path.join(electronDist, "electron"),
    Buffer.concat([
      Buffer.from(`#!/bin/sh\necho 'stand-in for the Electron binary'\nexit 0\n${FUSE_SENTINEL}`),
      Buffer.from([1, DEFAULT_FUSES.length]),
      Buffer.from(`${DEFAULT_FUSES}\n`),
    ]),
    { mode: 0o755 },
  );
  fs.writeFileSync(path.join(electronDist, "locales/en-US.pak"), "");
  fs.writeFileSync(path.join(electronDist, "LICENSE"), "stand-in");
  fs.writeFileSync(path.join(electronDist, "version"), "41.10.7");
}

before(async () => {
  assert.ok(desktopDependenciesInstalled(), "desktop/node_modules is installed (npm run desktop:dist installs it)");
  asar = createRequire(path.join(desktopRoot, "package.json"))("@electron/asar") as Asar;
  await stageApp(stage, { log: () => {} });
  makeStandInElectron();
  const result = spawnSync(
    process.execPath,
    [
      path.join(desktopRoot, "node_modules/electron-builder/cli.js"),
      "--linux",
      "dir",
      `--${process.arch === "arm64" ? "arm64" : "x64"}`,
      "--projectDir",
      desktopRoot,
      `-c.directories.app=${stage}`,
      `-c.directories.output=${output}`,
      `-c.electronDist=${electronDist}`,
      // A native rebuild needs Electron's headers, which only the release machines can download.
      "-c.npmRebuild=false",
    ],
    { cwd: desktopRoot, encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  assert.equal(result.status, 0, `electron-builder failed:\n${result.stdout}\n${result.stderr}`);
  builderOutput = `${result.stdout}\n${result.stderr}`;
  entries = new Set(asar.listPackage(path.join(resources, "app.asar")));
});

after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function typesOnly(packageDir: string) {
  const files = (fs.readdirSync(packageDir, { recursive: true }) as string[]).filter((file) =>
    fs.statSync(path.join(packageDir, file)).isFile(),
  );
  return files.every((file) =>
    /\.d\.[mc]?ts$|\.js\.flow$|(^|\/)(package\.json|LICEN[CS]E[^/]*|README[^/]*|[^/]*\.md)$/i.test(file),
  );
}

function inAsar(file: string) {
  return entries.has(`/${file}`);
}

describe("the packaged app", () => {
  test("is named and laid out as the configuration says", () => {
    const config = builderConfig();
    assert.equal(config.appId, "org.sagacitybites.desktop");
    assert.equal(config.productName, "Sagacity Bites");
    assert.ok(
      fs.statSync(path.join(unpackedDir, "sagacity-bites")).mode & 0o111,
      "the executable is named sagacity-bites",
    );
    assert.ok(fs.existsSync(path.join(resources, "app.asar")));
    assertManifestFromRoot(JSON.parse(asar.extractFile(path.join(resources, "app.asar"), "package.json").toString()));
  });

  test("app.asar holds the same server build, the main process, the preloads and the settings page", () => {
    for (const file of desktopMainFiles) assert.ok(inAsar(file), file);
    const packagedServer = asar.extractFile(path.join(resources, "app.asar"), "build/server/index.js");
    assert.ok(
      packagedServer.equals(fs.readFileSync(path.join(projectRoot, "build/server/index.js"))),
      "build/server/index.js is the root build",
    );
    const browserFiles = fs.readdirSync(path.join(projectRoot, "build/client"), { recursive: true }) as string[];
    assert.ok(browserFiles.length > 0);
    for (const file of browserFiles) {
      const relative = path.join("build/client", file).split(path.sep).join("/");
      if (fs.statSync(path.join(projectRoot, relative)).isFile() && !relative.endsWith(".map"))
        assert.ok(inAsar(relative), relative);
    }
    assert.equal(
      [...entries].some((entry) => entry.endsWith(".map")),
      false,
      "no source maps",
    );
  });

  test("the migrations and the Bible data are all there", () => {
    for (const folder of shippedFolders()) {
      const files = filesBelow(folder);
      if (folder === "build") continue;
      assert.ok(files.length > 0, folder);
      for (const file of files) {
        const relative = path.join(folder, file).split(path.sep).join("/");
        if (relative.endsWith(".map")) continue;
        assert.ok(inAsar(relative), relative);
      }
    }
    assert.ok(shippedFolders().includes("db/migrations"));
    assert.ok(shippedFolders().includes("db/bible-data"));
    assert.ok(inAsar("db/migrations/meta/_journal.json"));
    assert.ok(inAsar("db/bible-data/bible/kjv.json"));
    assert.ok(inAsar("db/bible-data/crossrefs.tsv"));
  });

  test("better-sqlite3's native module and the Bible database are unpacked from the archive", () => {
    const native = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
    assert.equal(asar.statFile(path.join(resources, "app.asar"), native).unpacked, true);
    assert.ok(fs.statSync(path.join(resources, "app.asar.unpacked", native)).size > 100_000);
    const nodeFiles = [...entries].filter((entry) => entry.endsWith(".node"));
    assert.ok(nodeFiles.length >= 1);
    for (const file of nodeFiles) {
      assert.equal(asar.statFile(path.join(resources, "app.asar"), file.slice(1)).unpacked, true, file);
    }
    // SQLite opens real files only: the shipped Bible database sits beside app.asar.
    const bible = new Database(path.join(resources, "app.asar.unpacked/build/bible.sqlite"), {
      readonly: true,
      fileMustExist: true,
    });
    const verses = (bible.prepare("select count(*) as count from verses").get() as { count: number }).count;
    bible.close();
    assert.equal(verses, 31102);
    // Its sources (the C++ and the SQLite amalgamation) stay out of the package.
    assert.equal(
      [...entries].some((entry) => entry.startsWith("/node_modules/better-sqlite3/deps/")),
      false,
    );
    assert.equal(
      [...entries].some((entry) => entry.startsWith("/node_modules/better-sqlite3/src/")),
      false,
    );
  });

  test("every production dependency is packaged, and no development tool", () => {
    // electron-builder re-hoists the tree, so a package is looked for by name and version.
    const archive = path.join(resources, "app.asar");
    const packaged = new Set(
      [...entries]
        .filter((entry) => /\/node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(entry))
        .map((entry) => {
          const { name, version } = JSON.parse(asar.extractFile(archive, entry.slice(1)).toString());
          return `${name}@${version}`;
        }),
    );
    const lock = JSON.parse(fs.readFileSync(path.join(projectRoot, "package-lock.json"), "utf8"));
    for (const key of productionPackages()) {
      const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
      // Type declarations only (@types/*, csstype and its .js.flow): nothing left once "!**/*.d.ts" is applied, so electron-builder leaves them out.
      if (typesOnly(path.join(projectRoot, key))) continue;
      assert.ok(packaged.has(`${name}@${lock.packages[key].version}`), `${name}@${lock.packages[key].version}`);
    }
    for (const tool of buildTools) {
      assert.equal(inAsar(`node_modules/${tool}/package.json`), false, tool);
    }
  });
});

describe("hardening", () => {
  test("afterPack checked that every native module is this machine's OS and CPU", () => {
    assert.match(builderOutput, new RegExp(`native modules checked: \\d+ built for linux ${process.arch}`));
  });

  test("the executable's fuses are flipped: no running as Node, no NODE_OPTIONS or inspector, app.asar only", async () => {
    const { getCurrentFuseWire, FuseV1Options } = createRequire(path.join(desktopRoot, "package.json"))(
      "@electron/fuses",
    );
    const wire = await getCurrentFuseWire(path.join(unpackedDir, "sagacity-bites"));
    // The wire holds '1' (on) or '0' (off) for each fuse.
    const on = (option: number) => wire[option] === "1".charCodeAt(0);
    assert.equal(on(FuseV1Options.RunAsNode), false);
    assert.equal(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable), false);
    assert.equal(on(FuseV1Options.EnableNodeCliInspectArguments), false);
    assert.equal(on(FuseV1Options.OnlyLoadAppFromAsar), true);
    assert.equal(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation), true);
    assert.equal(on(FuseV1Options.EnableCookieEncryption), true);
  });
});

describe("the packaged main process", () => {
  test("starts the packaged server from the packaged files and stops cleanly", async () => {
    const extracted = path.join(scratch, "extracted");
    asar.extractAll(path.join(resources, "app.asar"), extracted);
    fs.cpSync(path.join(resources, "app.asar.unpacked"), extracted, { recursive: true });
    await assertMainProcessStarts(extracted, path.join(scratch, "user-data"));
  });
});

describe("the desktop sources", () => {
  test("type-check against Electron's own type definitions", () => {
    const result = spawnSync(
      process.execPath,
      [path.join(projectRoot, "node_modules/typescript/bin/tsc"), "-p", path.join(desktopRoot, "tsconfig.json")],
      {
        cwd: desktopRoot,
        encoding: "utf8",
      },
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
