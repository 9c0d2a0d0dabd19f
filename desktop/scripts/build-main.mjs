/**
 * Compiles the desktop app's main process, preloads and AI Settings page (desktop/src) with the
 * root's esbuild into one folder: main.js (ESM), server-host.js (ESM, the server's utility process), preload.cjs and settings-preload.cjs (sandboxed
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
  // Electron 41 embeds Node 24; node20 keeps the output readable by the Node 20 tooling too.
  const node = { platform: "node", target: "node20" };
  const bundles = [
    {
      entry: "main.ts",
      outfile: "main.js",
      format: "esm",
      // electron-log and electron-updater (root devDependencies, so the root install has them; bundled
      // here, so the packaged app needs no node_modules of its own for them) are CommonJS and
      // require Node's modules: an ES module has no `require` of its own.
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
      },
      ...node,
    },
    // The server's utility process (utilityProcess.fork); it imports build/server/index.js at run time.
    { entry: "server-host.ts", outfile: "server-host.js", format: "esm", ...node },
    { entry: "preload.ts", outfile: "preload.cjs", format: "cjs", ...node },
    { entry: "settings-preload.ts", outfile: "settings-preload.cjs", format: "cjs", ...node },
    {
      entry: "settings-window/settings.ts",
      outfile: "settings.js",
      format: "iife",
      platform: "browser",
      target: "chrome120",
    },
  ];
  for (const { entry, outfile, ...options } of bundles) {
    await build({
      bundle: true,
      logLevel: "warning",
      legalComments: "none",
      sourcemap: false,
      external: ["electron"],
      entryPoints: [path.join(src, entry)],
      outfile: path.join(outDir, outfile),
      ...options,
    });
  }
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
