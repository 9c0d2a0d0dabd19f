import assert from "node:assert/strict";
import { test } from "node:test";
import { firstWeekDay, nextStepsFor } from "./first-week";

const none = { lesson: false, group: false, library: false };

test("the first week's days are the reader's calendar days, 1 on the day they signed up", () => {
  const signedUp = new Date("2026-03-02T23:30:00Z");
  assert.equal(firstWeekDay(signedUp, new Date("2026-03-02T23:59:00Z"), "UTC"), 1);
  assert.equal(firstWeekDay(signedUp, new Date("2026-03-03T00:01:00Z"), "UTC"), 2);
  // In Los Angeles both instants fall on March 2: still the first day.
  assert.equal(firstWeekDay(signedUp, new Date("2026-03-03T06:00:00Z"), "America/Los_Angeles"), 1);
  // Across the clocks going forward (March 8 in the US), days stay whole.
  assert.equal(firstWeekDay(signedUp, new Date("2026-03-09T18:00:00Z"), "America/Los_Angeles"), 8);
});

test("offered on days 2 to 7 only", () => {
  assert.deepEqual(nextStepsFor({ day: 1, dismissed: false, done: none }), []);
  assert.deepEqual(nextStepsFor({ day: 2, dismissed: false, done: none }), ["lesson", "group", "library"]);
  assert.deepEqual(nextStepsFor({ day: 7, dismissed: false, done: none }), ["lesson", "group", "library"]);
  assert.deepEqual(nextStepsFor({ day: 8, dismissed: false, done: none }), []);
});

test("never what is done, never once dismissed", () => {
  assert.deepEqual(nextStepsFor({ day: 3, dismissed: false, done: { ...none, lesson: true } }), ["group", "library"]);
  assert.deepEqual(nextStepsFor({ day: 3, dismissed: false, done: { lesson: true, group: true, library: true } }), []);
  assert.deepEqual(nextStepsFor({ day: 3, dismissed: true, done: none }), []);
});
