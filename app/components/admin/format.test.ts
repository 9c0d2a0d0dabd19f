import assert from "node:assert/strict";
import { test } from "node:test";
import { formatRegistered } from "./format";

test("registration dates read like Jan 5, 2025", () => {
  assert.equal(formatRegistered("2025-01-05T10:00:00.000Z"), "Jan 5, 2025");
  assert.equal(formatRegistered("2024-12-31T23:59:59.000Z"), "Dec 31, 2024");
});
