import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { computeStreak } from "~/modules/plans/calendar";
import { calendarDay } from "~/utils/time-zone";
import { dayNumbersIn, dayText, streakOfDays } from "./zone-days";

const zones = [
  "UTC",
  "Europe/London",
  "America/Chicago",
  "America/St_Johns",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Pacific/Apia",
  "No/Such_Zone",
];

test("names the day calendarDay names for any instant in any zone, across DST changes", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...zones),
      fc.array(fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) }), { minLength: 1, maxLength: 50 }),
      (zone, instants) => {
        const dayOf = dayNumbersIn(zone);
        for (const instant of instants) {
          assert.equal(dayText(dayOf(instant)), calendarDay(instant, zone), `${zone} ${instant}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test("every minute around a DST change lands on calendarDay's day", () => {
  for (const [zone, change] of [
    ["America/Chicago", Date.UTC(2025, 2, 9, 8)],
    ["Europe/London", Date.UTC(2025, 9, 26, 1)],
    ["Australia/Lord_Howe", Date.UTC(2025, 3, 5, 15)],
  ] as const) {
    const dayOf = dayNumbersIn(zone);
    for (let instant = change - 36 * 3600_000; instant < change + 36 * 3600_000; instant += 60_000) {
      assert.equal(dayText(dayOf(instant)), calendarDay(instant, zone));
    }
  }
});

test("the streak over days is computeStreak's", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...zones),
      fc.array(fc.integer({ min: 0, max: 20 * 24 }), { maxLength: 30 }),
      (zone, hoursAgo) => {
        const now = Date.UTC(2025, 5, 15, 12);
        const times = hoursAgo.map((hours) => now - hours * 3600_000);
        const dayOf = dayNumbersIn(zone);
        assert.equal(
          streakOfDays(new Set(times.map(dayOf)), dayOf(now)),
          computeStreak(times, { now, timeZone: zone }),
        );
      },
    ),
    { numRuns: 300 },
  );
});
