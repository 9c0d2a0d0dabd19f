/**
 * The desktop package, offline: the app folder electron-builder would package is staged into a
 * temporary folder (the root's production node_modules copied, nothing installed or downloaded)
 * and checked against the electron-builder configuration and the lockfile; its main process is
 * then run under Node with a stand-in for the electron module, to prove the staged files and
 * dependencies start the real server. electron-builder itself (asar, unpacked native modules)
 * needs desktop/'s tools from the registry, so `npm run desktop:dist` runs that check
 * (tests/desktop/electron-builder.check.ts) before it builds the installers.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { builderConfig, productionPackages, shippedFolders, stageApp } from "../../desktop/scripts/stage.mjs";
import { assertManifestFromRoot, buildTools, desktopMainFiles, filesBelow } from "./support/app-folder";
import { assertMainProcessStarts } from "./support/stand-in-main";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-stage-"));
const stage = path.join(scratch, "app");

before(async () => {
  await stageApp(stage, { log: () => {} });
});
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function staged(file: string) {
  return fs.existsSync(path.join(stage, file));
}

describe("the electron-builder configuration", () => {
  test("names the app and its executable", () => {
    const config = builderConfig();
    assert.equal(config.appId, "org.sagacitybites.desktop");
    assert.equal(config.productName, "Sagacity Bites");
    assert.equal(config.linux.executableName, "sagacity-bites");
    assert.equal(config.asar, true);
  });

  test("unpacks what must be a real file, and leaves out maps, types and native build leftovers", () => {
    const config = builderConfig();
    // SQLite opens real files only, and a .node module cannot load from inside an archive.
    assert.deepEqual(config.asarUnpack, ["**/*.node", "build/bible.sqlite"]);
    for (const excluded of ["!**/*.map", "!build/metafile.*.json", "!**/node_modules/better-sqlite3/{src,deps}/**"]) {
      assert.ok(config.files.includes(excluded), excluded);
    }
    assert.deepEqual(shippedFolders(), ["build", "db/migrations", "db/bible-data"]);
  });

  test("flips Electron's fuses: no running as Node, no NODE_OPTIONS or inspector, only the checked app.asar, encrypted cookies", () => {
    assert.deepEqual(builderConfig().electronFuses, {
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });

  test("builds for the machine it runs on, checks every native module after packing, and updates only with a publish config", async () => {
    const config = builderConfig();
    // No arch list: a Mac runner builds its own architecture; the release workflow has one per arch.
    assert.deepEqual(config.mac.target, ["dmg", "zip"], "the zip is what electron-updater downloads on macOS");
    assert.deepEqual(config.win.target, [{ target: "nsis", arch: ["x64"] }]);
    assert.equal(config.afterPack, "./scripts/after-pack.mjs");
    const hook = await import(pathToFileURL(path.join(projectRoot, "desktop", config.afterPack)).href);
    assert.equal(typeof hook.default, "function");
    // Updates are off unless a build is given a publish configuration (the release workflow's).
    assert.equal(config.publish, undefined);
  });
});

describe("the staged app", () => {
  test("has the manifest electron-builder reads: the root's version and dependencies, no dev tools", () => {
    assertManifestFromRoot(JSON.parse(fs.readFileSync(path.join(stage, "package.json"), "utf8")));
  });

  test("holds the same server build, the main process, the preloads and the settings page", () => {
    for (const file of desktopMainFiles) assert.ok(staged(file), file);
    assert.ok(
      fs
        .readFileSync(path.join(stage, "build/server/index.js"))
        .equals(fs.readFileSync(path.join(projectRoot, "build/server/index.js"))),
      "build/server/index.js is the root build",
    );
    const browserFiles = filesBelow("build/client");
    assert.ok(browserFiles.some((file) => file.startsWith("assets")));
    for (const file of browserFiles) assert.ok(staged(path.join("build/client", file)), file);
  });

  test("holds every migration and the Bible data, and the built Bible database", () => {
    for (const folder of ["db/migrations", "db/bible-data"]) {
      const files = filesBelow(folder);
      assert.ok(files.length > 0, folder);
      for (const file of files) assert.ok(staged(path.join(folder, file)), path.join(folder, file));
    }
    assert.ok(staged("db/migrations/meta/_journal.json"));
    assert.ok(staged("db/bible-data/crossrefs.tsv"));
    const bible = new Database(path.join(stage, "build/bible.sqlite"), { readonly: true, fileMustExist: true });
    const verses = (bible.prepare("select count(*) as count from verses").get() as { count: number }).count;
    bible.close();
    assert.equal(verses, 31102);
  });

  test("holds every production dependency at its locked version, better-sqlite3's native module, and no development tool", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(projectRoot, "package-lock.json"), "utf8"));
    const packages = productionPackages();
    assert.ok(packages.length > 50, `${packages.length} production packages`);
    for (const key of packages) {
      const manifest = JSON.parse(fs.readFileSync(path.join(stage, key, "package.json"), "utf8"));
      assert.equal(manifest.version, lock.packages[key].version, key);
    }
    assert.ok(
      fs.statSync(path.join(stage, "node_modules/better-sqlite3/build/Release/better_sqlite3.node")).size > 100_000,
    );
    assert.equal(
      staged("node_modules/better-sqlite3/build/Release/obj.target"),
      false,
      "native build leftovers stay out",
    );
    for (const tool of buildTools) {
      assert.equal(staged(`node_modules/${tool}/package.json`), false, tool);
    }
  });

  test("its main process starts the staged server from the staged files and stops cleanly", async () => {
    await assertMainProcessStarts(stage, path.join(scratch, "user-data"));
  });
});
