/**
 * Compiles the desktop app's main process, preloads and AI Settings page (desktop/src) with the
 * root's esbuild into one folder: main.js (ESM), preload.cjs and settings-preload.cjs (sandboxed
 * preloads must be CommonJS), settings.html/.css/.js, icon.png.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const desktopRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const src = path.join(desktopRoot, "src");

export async function buildMain(outDir) {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, logLevel: "warning", legalComments: "none", sourcemap: false, external: ["electron"] };
  // Electron 41 embeds Node 24; node20 keeps the output readable by the Node 20 tooling too.
  await build({
    ...common,
    entryPoints: [path.join(src, "main.ts")],
    outfile: path.join(outDir, "main.js"),
    platform: "node",
    format: "esm",
    target: "node20",
  });
  for (const name of ["preload", "settings-preload"]) {
    await build({
      ...common,
      entryPoints: [path.join(src, `${name}.ts`)],
      outfile: path.join(outDir, `${name}.cjs`),
      platform: "node",
      format: "cjs",
      target: "node20",
    });
  }
  await build({
    ...common,
    entryPoints: [path.join(src, "settings-window/settings.ts")],
    outfile: path.join(outDir, "settings.js"),
    platform: "browser",
    format: "iife",
    target: "chrome120",
  });
  for (const file of ["settings.html", "settings.css"]) {
    fs.copyFileSync(path.join(src, "settings-window", file), path.join(outDir, file));
  }
  fs.copyFileSync(path.join(desktopRoot, "resources/icons/512x512.png"), path.join(outDir, "icon.png"));
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(desktopRoot, "app/main"));
  await buildMain(out);
  console.log(`Built the desktop main process into ${out}`);
}
