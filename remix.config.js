/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // One bundle holds the app and the HTTP server that serves it (app/server/index.ts), so
  // `npm start`, the tests and the desktop app all start the very same code.
  server: "./app/server/index.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Bundled into build/index.js rather than loaded from node_modules when the server starts: only
  // the icons and primitives the app uses are kept, in one file. A server starts with about 12% less
  // processor time (docs/adr/0018-a-suite-without-clocks.md), the desktop app and every test server too.
  serverDependenciesToBundle: [/^lucide-react/, /^@radix-ui\//],
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
