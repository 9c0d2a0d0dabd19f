// ESLint flat config, modelled on the epic-stack's (@epic-web/config/eslint): the recommended sets
// of ESLint, typescript-eslint, React, React's hooks plugin and jsx-a11y, and a few rules beyond
// them. Layout is Prettier's job (.prettierrc), so no rule here is about formatting.
//
// Linting is not type-aware: typescript-eslint's type-checked sets took over a minute of CPU on
// the whole tree, and `npm run typecheck` already runs the compiler.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Files that hold React components or hooks. */
const reactFiles = ["app/**/*.{ts,tsx}", "bench/servers/*.tsx"];

export default defineConfig(
  globalIgnores([
    "build/",
    ".cache/",
    "desktop/node_modules/",
    "desktop/app/",
    "desktop/dist/",
    "data/",
    "tmp/",
    "test-results/",
    "playwright-report/",
  ]),
  { linterOptions: { reportUnusedDisableDirectives: "error" } },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks an argument kept for its position.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },

  // Pages and components: React, the rules of hooks (with the React Compiler's checks the plugin
  // recommends) and accessibility.
  {
    files: reactFiles,
    extends: [
      react.configs.flat.recommended,
      react.configs.flat["jsx-runtime"],
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
    ],
    settings: { react: { version: "detect" } },
    rules: {
      // TypeScript checks props.
      "react/prop-types": "off",
      // A table that CSS lays out as blocks on small screens loses its semantics in some browsers:
      // its elements carry their own roles explicitly (Adrian Roselli, "Tables, CSS Display
      // Properties, and ARIA"). The other options are the recommended set's.
      "jsx-a11y/no-redundant-roles": [
        "error",
        { nav: ["navigation"], table: ["table"], thead: ["rowgroup"], tbody: ["rowgroup"], tr: ["row"], td: ["cell"] },
      ],
      "jsx-a11y/no-interactive-element-to-noninteractive-role": [
        "error",
        { tr: ["none", "presentation"], canvas: ["img"], td: ["cell"] },
      ],
    },
  },

  // Layers point one way (docs/adr/0029-modules-without-cycles.md): routes -> modules -> utils and
  // db. A config that names no-restricted-imports replaces, not extends, an earlier one for the
  // same file, so each repeats the rule that the app never imports the tests or the bench.
  // `npm run lint` also runs scripts/check-cycles.mjs, which refuses any import cycle.
  ...[
    { files: ["app/**"], patterns: [] },
    {
      files: ["app/utils/**"],
      patterns: [
        {
          group: ["~/modules/**", "**/modules/**", "~/server/**", "~/routes/**", "~/components/**"],
          message: "app/utils is below the domain modules, the server and the pages: it imports none of them.",
        },
      ],
    },
    {
      files: ["app/modules/**"],
      patterns: [
        {
          group: ["~/utils/api.server", "**/utils/api.server"],
          message:
            "Domain modules throw typed errors (app/utils/errors.ts); routes and api.server.ts make the answers.",
        },
        {
          group: ["~/routes/**", "~/components/**", "~/server/**", "!~/server/pool.server"],
          message: "Domain modules import no route, component or server wiring (only the worker pool, to run a task).",
        },
      ],
    },
    {
      files: ["app/server/pool.server.ts"],
      patterns: [
        {
          group: ["~/modules/**", "**/modules/**"],
          message: "The pool knows no domain: modules declare their tasks, app/server/worker.server.ts lists them.",
        },
      ],
    },
    {
      files: ["app/db.server.ts", "db/**"],
      patterns: [
        {
          group: ["~/modules/**", "**/modules/**"],
          message: "The database layer must not depend on a domain module.",
        },
      ],
    },
  ].map(({ files, patterns }) => ({
    files,
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/tests/**", "**/bench/**"], message: "App code must not import tests or the bench." },
            ...patterns,
          ],
        },
      ],
    },
  })),

  // A domain module returns data and throws typed errors; routes and app/utils/api.server.ts make
  // the Responses.
  {
    files: ["app/modules/**"],
    ignores: ["app/modules/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Response'], CallExpression[callee.object.name='Response']",
          message: "Return data or throw a typed error: the route (or app/utils/api.server.ts) makes the Response.",
        },
      ],
    },
  },

  // Plain JavaScript files (TypeScript checks names in .ts files): scripts and configs run in Node,
  // the service worker in its own scope.
  {
    files: ["**/*.{js,mjs}"],
    ignores: ["public/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["public/service-worker.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
