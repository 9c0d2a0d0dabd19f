import assert from "node:assert/strict";
import { test } from "node:test";
import { percentile } from "../support/percentile";

test("percentile is the nearest rank: the smallest value with at least that share at or below it", () => {
  const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  assert.equal(percentile(values, 0.5), 50);
  assert.equal(percentile(values, 0.95), 100);
  assert.equal(percentile(values, 0.91), 100);
  assert.equal(percentile(values, 0.9), 90);
  assert.equal(percentile(values, 0), 10);
  assert.equal(percentile(values, 1), 100);
  assert.equal(percentile(new Float64Array([1, 2, 3]), 0.5), 2);
  assert.equal(percentile([], 0.5), 0);
});
