import assert from "node:assert/strict";
import { test } from "node:test";
import { formatRegistered, formatTimeLeft, formatUntil } from "./format";

test("registration dates read like Jan 5, 2025", () => {
  assert.equal(formatRegistered("2025-01-05T10:00:00.000Z"), "Jan 5, 2025");
  assert.equal(formatRegistered("2024-12-31T23:59:59.000Z"), "Dec 31, 2024");
});

test("a limit's end reads as the time left and the UTC time", () => {
  const from = "2025-01-05T14:00:00.000Z";
  assert.equal(formatUntil("2025-01-05T14:05:30.000Z"), "Jan 5, 14:05 UTC");
  assert.equal(formatTimeLeft("2025-01-05T14:00:20.000Z", from), "in 1 min");
  assert.equal(formatTimeLeft("2025-01-05T14:00:00.000Z", from), "in under a minute");
  assert.equal(formatTimeLeft("2025-01-05T14:15:00.000Z", from), "in 15 min");
  assert.equal(formatTimeLeft("2025-01-05T15:00:00.000Z", from), "in 1 h");
  assert.equal(formatTimeLeft("2025-01-05T15:05:00.000Z", from), "in 1 h 5 min");
});
