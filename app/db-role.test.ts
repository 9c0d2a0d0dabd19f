import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { primaryHostname } from "~/db-role.server";

test("the role follows LiteFS's .primary file beside the database, read at most once a second", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-role-"));
  const databasePath = path.join(folder, "sagacity.db");
  const marker = path.join(folder, ".primary");
  try {
    assert.equal(primaryHostname(databasePath, 0), null, "no file: the primary, or no LiteFS at all");
    fs.writeFileSync(marker, "primary-host\n");
    assert.equal(primaryHostname(databasePath, 999), null, "still the answer read a moment ago");
    assert.equal(primaryHostname(databasePath, 1000), "primary-host", "a second later: a replica (newline trimmed)");
    fs.rmSync(marker);
    assert.equal(primaryHostname(databasePath, 2500), null, "promoted: the file is gone");
    assert.equal(primaryHostname(":memory:", 5000), null);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
