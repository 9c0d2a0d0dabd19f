import { vitePlugin as remix } from "@remix-run/dev";
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
 * The browser's shared code in a few long-lived chunks rather than one per set of routes sharing a
 * module (the classic compiler made ~48 on /, each a request Lighthouse counts: docs/adr/0019-vite.md).
 */
function browserChunk(id: string): string | undefined {
  if (/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//.test(id))
    return "framework";
  if (id.includes("/node_modules/")) return "vendor";
  if (/\/app\/(components|utils)\//.test(id)) return "shared";
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
    serverEntry,
  ],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname },
  },
  // Bundled into the server rather than loaded from node_modules when it starts: only the icons and
  // primitives the app uses are kept. A server starts with about 12% less processor time
  // (docs/adr/0018-a-suite-without-clocks.md), the desktop app and every test server too.
  ssr: { noExternal: [/^lucide-react/, /^@radix-ui\//] },
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
      : { output: { manualChunks: browserChunk } },
  },
}));
