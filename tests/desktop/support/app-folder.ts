import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

/**
 * What every desktop app folder must hold, staged (tests/desktop/package.test.ts) or packaged by
 * electron-builder (tests/desktop/electron-builder.check.ts).
 */

const projectRoot = path.resolve(import.meta.dirname, "../../..");

/** The main process, the preloads and the AI Settings page beside the server build (desktop/scripts/build-main.mjs). */
export const desktopMainFiles = [
  "main/main.js",
  "main/server-host.js",
  "main/preload.cjs",
  "main/settings-preload.cjs",
  "main/settings.html",
  "main/settings.js",
  "main/settings.css",
  "main/icon.png",
];

/** Build and test tools: an app folder never holds them (only the production dependencies ship). */
export const buildTools = [
  "typescript",
  "@remix-run/dev",
  "@playwright/test",
  "drizzle-kit",
  "tsx",
  "electron",
  "electron-builder",
];

/** An app folder's package.json is the root's: its version and dependencies, the ESM main process, no dev tools. */
export function assertManifestFromRoot(manifest: Record<string, unknown>) {
  const rootManifest = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  assert.equal(manifest.main, "main/main.js");
  assert.equal(manifest.type, "module");
  assert.equal(manifest.version, rootManifest.version);
  assert.deepEqual(manifest.dependencies, rootManifest.dependencies);
  assert.equal(manifest.devDependencies, undefined);
}

/** The files (not folders) below one of the project's folders, relative to it. */
export function filesBelow(folder: string): string[] {
  const root = path.join(projectRoot, folder);
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) =>
    fs.statSync(path.join(root, file)).isFile(),
  );
}
