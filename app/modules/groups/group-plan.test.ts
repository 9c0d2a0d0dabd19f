import assert from "node:assert/strict";
import { test } from "node:test";
import { groupPlanDay } from "./group-plan";

test("day 1 is the start date, then one day a calendar day", () => {
  assert.deepEqual(groupPlanDay("2025-03-01", "2025-03-01", 16), { currentDay: 1, status: "active" });
  assert.deepEqual(groupPlanDay("2025-02-27", "2025-03-01", 16), { currentDay: 3, status: "active" });
  // Across a year end and a leap day.
  assert.deepEqual(groupPlanDay("2023-12-31", "2024-03-01", 366), { currentDay: 62, status: "active" });
});

test("before the start date the plan is upcoming, day 0", () => {
  assert.deepEqual(groupPlanDay("2025-03-02", "2025-03-01", 16), { currentDay: 0, status: "upcoming" });
});

test("after its last day the plan stays on that day, finished", () => {
  assert.deepEqual(groupPlanDay("2025-03-01", "2025-03-16", 16), { currentDay: 16, status: "active" });
  assert.deepEqual(groupPlanDay("2025-03-01", "2025-03-17", 16), { currentDay: 16, status: "finished" });
});
