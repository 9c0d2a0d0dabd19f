import { vitePlugin as remix } from "@remix-run/dev";
import fs from "node:fs";
import path from "node:path";
import type { ManualChunkMeta } from "rollup";
import { defineConfig, type Plugin } from "vite";

/**
 * The server build's entry is our HTTP server (app/server/index.ts), which imports Remix's build
 * from "virtual:remix/server-build": one bundle, build/server/index.js, holds both, so `npm start`,
 * the tests and the desktop app all start the very same code. Set after Remix's plugin, whose
 * entry it replaces.
 */
const serverEntry: Plugin = {
  name: "sagacity-server-entry",
  config(config, { isSsrBuild }) {
    if (isSsrBuild) config.build!.rollupOptions!.input = "app/server/index.ts";
  },
};

/**
 * build/metafile.js.json: what each browser file holds and imports, in the shape of esbuild's
 * metafile (which the classic compiler wrote), for the first-load bench (bench/suites/bundle.ts).
 */
const bundleMetafile: Plugin = {
  name: "sagacity-bundle-metafile",
  apply: (_config, { isSsrBuild }) => !isSsrBuild,
  writeBundle(options, bundle) {
    const root = process.cwd();
    const outDir = path.relative(root, options.dir!);
    const source = (id: string) => {
      const file = id.replace(/\?.*$/, "");
      const packages = file.lastIndexOf("node_modules/");
      return packages >= 0 ? file.slice(packages) : path.relative(root, file);
    };
    const outputs: Record<string, unknown> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk") continue;
      outputs[`${outDir}/${chunk.fileName}`] = {
        inputs: Object.fromEntries(
          Object.entries(chunk.modules).map(([id, module]) => [source(id), { bytesInOutput: module.renderedLength }]),
        ),
        imports: [
          ...chunk.imports.map((file) => ({ path: `${outDir}/${file}`, kind: "import-statement" })),
          ...chunk.dynamicImports.map((file) => ({ path: `${outDir}/${file}`, kind: "dynamic-import" })),
        ],
      };
    }
    fs.writeFileSync(path.join(root, "build/metafile.js.json"), JSON.stringify({ outputs }));
  },
};

/** Each lucide icon's own file, by every name the package exports it under (aliases too). */
function lucideIconFiles(): Map<string, string> {
  const barrel = path.resolve("node_modules/lucide-react/dist/esm/lucide-react.mjs");
  const files = new Map<string, string>();
  for (const [, names, file] of fs
    .readFileSync(barrel, "utf8")
    .matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+\.mjs)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g))
      files.set(name!, path.resolve(path.dirname(barrel), file!));
  }
  return files;
}

/**
 * `import { Sun } from "lucide-react"` in the app becomes an import of sun.mjs itself. Through the
 * package's index every icon has the shell among its importers, so every icon any page uses went
 * into the shell's "vendor" chunk and every page's first download (44 KB of icons on /login).
 * Type imports and anything that is not an icon stay on the index. Lines are kept as they were.
 */
const lucideDirectImports: Plugin = {
  name: "sagacity-lucide-direct-imports",
  enforce: "pre",
  transform(code, id) {
    if (!id.includes("/app/") || !/\.[jt]sx?$/.test(id.replace(/\?.*$/, "")) || !code.includes('"lucide-react"'))
      return null;
    const icons = (lucideDirectImports as { icons?: Map<string, string> }).icons ?? lucideIconFiles();
    (lucideDirectImports as { icons?: Map<string, string> }).icons = icons;
    return code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (statement, list: string) => {
      const direct: string[] = [];
      const kept: string[] = [];
      for (const entry of list
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const named = /^(type\s+)?(\w+)(?:\s+as\s+(\w+))?$/.exec(entry);
        const file = named && !named[1] ? icons.get(named[2]!) : undefined;
        if (file) direct.push(`import ${named![3] ?? named![2]} from ${JSON.stringify(file)};`);
        else kept.push(entry);
      }
      const lines = statement.split("\n").length;
      const rewritten = [...direct, ...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : [])];
      return rewritten.join(" ") + "\n".repeat(lines - 1);
    });
  },
};

const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;
/** The modules every page starts from: the client entry, the root route and the signed-in layout. */
const SHELL = /\/app\/(entry\.client\.tsx|root\.tsx|routes\/_app\.tsx)$/;

/**
 * The browser's first load in a few long-lived chunks rather than one per set of routes sharing a
 * module (the classic compiler made ~48 on /, each a request Lighthouse counts: docs/adr/0031-vite.md):
 * React and Remix ("framework"), the packages the page shell imports ("vendor") and the shell's own
 * components and helpers ("app"). Code only some routes import stays with them, loaded when they are:
 * one chunk of every Radix primitive any page uses put 46 KB more on / and cost Lighthouse's
 * simulated LCP more than the requests it saved (docs/adr/0031-vite.md).
 */
function browserChunk(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  // Rollup's and Vite's helpers (CommonJS interop, preloading) go with React, which needs them
  // first: elsewhere the framework chunk would import the app's chunk and the app's the framework's.
  if (FRAMEWORK.test(id) || id.startsWith("\0")) return "framework";
  const shell = new Map<string, boolean>();
  const inShell = (moduleId: string): boolean => {
    const known = shell.get(moduleId);
    if (known !== undefined) return known;
    shell.set(moduleId, false);
    const found = SHELL.test(moduleId.replace(/\?.*$/, "")) || (getModuleInfo(moduleId)?.importers ?? []).some(inShell);
    shell.set(moduleId, found);
    return found;
  };
  if (inShell(id)) return id.includes("/node_modules/") ? "vendor" : "app";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
      buildDirectory: "build",
      serverBuildFile: "index.js",
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
    lucideDirectImports,
    serverEntry,
    bundleMetafile,
  ],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname },
  },
  // Bundled into the server rather than loaded from node_modules when it starts: only the icons and
  // primitives the app uses are kept, and Node resolves, reads and compiles one file instead of a
  // few hundred small modules (react-markdown's family alone is about a hundred). Importing the
  // server bundle: 1.99-2.23 s of processor time before, 1.54-1.94 after (five runs each); every
  // test server, cluster worker and desktop launch pays it (docs/adr/0018-a-suite-without-clocks.md).
  // React, Remix and zod stay shared with the packages that import them (openai's zod helper).
  ssr: {
    noExternal: [
      /^lucide-react/,
      /^@radix-ui\//,
      /^@conform-to\//,
      /^(react-markdown|remark-|rehype-|mdast-|micromark|unist-|hast-|vfile|unified|bail|trough|devlop|ccount|character-|decode-named|comma-separated|space-separated|property-information|html-url-attributes|zwitch|longest-streak|markdown-table|trim-lines|estree-util|style-to|inline-style|is-plain-obj|extend|@ungap\/structured-clone)/,
      /^bible-passage-reference-parser/,
      /^snowball-stemmers/,
      /^lru-cache/,
      /^ipaddr\.js/,
      /^(class-variance-authority|clsx|tailwind-merge)/,
      /^drizzle-orm/,
    ],
  },
  build: {
    // scripts/build-if-needed.mjs empties build/client and build/server itself: build/ also holds
    // the Bible database and the workers' bundle, which a rebuild must not delete.
    emptyOutDir: false,
    rollupOptions: isSsrBuild
      ? {
          // Vite cannot resolve this subpath of the package's exports map (Node can): left to Node.
          external: ["openai/_vendor/partial-json-parser/parser"],
          // One file, whose neighbour is the workers' bundle (new URL("worker.js", import.meta.url)).
          output: { inlineDynamicImports: true },
        }
      : { output: { manualChunks: browserChunk, experimentalMinChunkSize: 2000 } },
  },
}));
