import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import type * as RemixRouter from "@remix-run/router";

/**
 * patches/@remix-run+router+1.23.3.patch (applied by `npm install`'s postinstall, patch-package):
 * the server's route matching flattens and ranks a route table once and compiles each pattern once
 * (docs/adr/0034). The server loads the router's CommonJS build; the browser's build is unpatched.
 */
const require = createRequire(import.meta.url);
const serverRouter = require.resolve("@remix-run/router");

test("the server's copy of the router carries the patch", () => {
  assert.match(serverRouter, /router\.cjs\.js$/);
  const source = fs.readFileSync(serverRouter, "utf8");
  assert.match(source, /rankedBranches\.get\(routes\)/);
  assert.match(source, /compiledPaths\.get\(key\)/);
});

test("matching with the caches answers as before: ranks, params, splats and case", () => {
  const { matchRoutes, matchPath } = require("@remix-run/router") as typeof RemixRouter;
  const routes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "index", index: true },
        { id: "chapter", path: "bible/:book/:chapter" },
        { id: "strongs", path: "bible/strongs/:id" },
        { id: "today", path: "today" },
        { id: "splat", path: "*" },
      ],
    },
  ];
  const ids = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id);
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(ids("/"), ["root", "index"]);
    assert.deepEqual(ids("/bible/strongs/H7225"), ["root", "strongs"], "a static segment outranks a parameter");
    assert.deepEqual(matchRoutes(routes, "/bible/JHN/3")?.at(-1)?.params, { book: "JHN", chapter: "3" });
    assert.deepEqual(matchRoutes(routes, "/bible/GEN/1")?.at(-1)?.params, { book: "GEN", chapter: "1" });
    assert.deepEqual(ids("/TODAY/"), ["root", "today"]);
    assert.deepEqual(matchRoutes(routes, "/no/such/page")?.at(-1)?.params, { "*": "no/such/page" });
  }
  assert.equal(matchPath({ path: "/a/:id", caseSensitive: true }, "/A/1"), null);
  assert.deepEqual(matchPath({ path: "/a/:id" }, "/A/1")?.params, { id: "1" });
});
