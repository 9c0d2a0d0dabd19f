import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";

const projectRoot = path.resolve(import.meta.dirname, "../..");

test("the project type-checks under TypeScript strict mode", () => {
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", projectRoot],
    {
      cwd: projectRoot,
      encoding: "utf8",
    },
  );
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
