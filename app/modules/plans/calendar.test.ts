import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calendarDay } from "~/utils/time-zone";
import {
  checkCompletion,
  checkHistory,
  computeStreak,
  planPosition,
  previousDay,
  type DayCompletion,
} from "./calendar";

const at = (iso: string) => new Date(iso);

describe("calendar days in a time zone", () => {
  test("the same instant falls on different days in different zones", () => {
    const instant = at("2025-03-10T02:30:00Z");
    assert.equal(calendarDay(instant, "UTC"), "2025-03-10");
    assert.equal(calendarDay(instant, "America/Los_Angeles"), "2025-03-09");
    assert.equal(calendarDay(instant, "Asia/Tokyo"), "2025-03-10");
    assert.equal(calendarDay(at("2025-03-10T16:00:00Z"), "Asia/Tokyo"), "2025-03-11");
  });

  test("an unknown zone counts as UTC", () => {
    assert.equal(calendarDay(at("2025-03-10T23:30:00Z"), "Not/AZone"), "2025-03-10");
  });

  test("previous day across months, years and leap days", () => {
    assert.equal(previousDay("2025-03-01"), "2025-02-28");
    assert.equal(previousDay("2024-03-01"), "2024-02-29");
    assert.equal(previousDay("2025-01-01"), "2024-12-31");
  });
});

describe("streaks", () => {
  test("no completions: 0", () => {
    assert.equal(computeStreak([], { now: at("2025-05-01T12:00:00Z"), timeZone: "UTC" }), 0);
  });

  test("consecutive days ending today", () => {
    const completions = ["2025-05-01T08:00:00Z", "2025-04-30T21:00:00Z", "2025-04-29T07:00:00Z"].map(at);
    assert.equal(computeStreak(completions, { now: at("2025-05-01T12:00:00Z"), timeZone: "UTC" }), 3);
  });

  test("a streak ending yesterday still counts; one ending the day before is 0", () => {
    const completions = ["2025-04-30T08:00:00Z", "2025-04-29T08:00:00Z"].map(at);
    assert.equal(computeStreak(completions, { now: at("2025-05-01T23:59:00Z"), timeZone: "UTC" }), 2);
    assert.equal(computeStreak(completions, { now: at("2025-05-02T00:00:00Z"), timeZone: "UTC" }), 0);
  });

  test("a gap ends the streak", () => {
    const completions = [
      "2025-05-01T08:00:00Z",
      "2025-04-30T08:00:00Z",
      "2025-04-28T08:00:00Z",
      "2025-04-27T08:00:00Z",
    ].map(at);
    assert.equal(computeStreak(completions, { now: at("2025-05-01T20:00:00Z"), timeZone: "UTC" }), 2);
  });

  test("several readings on one day count once", () => {
    const completions = ["2025-05-01T08:00:00Z", "2025-05-01T09:00:00Z", "2025-05-01T22:00:00Z"].map(at);
    assert.equal(computeStreak(completions, { now: at("2025-05-01T23:00:00Z"), timeZone: "UTC" }), 1);
  });

  test("across midnight: the clock moving past midnight keeps the streak until the day after", () => {
    const completions = [at("2025-05-01T23:58:00Z")];
    assert.equal(computeStreak(completions, { now: at("2025-05-01T23:59:00Z"), timeZone: "UTC" }), 1);
    assert.equal(
      computeStreak(completions, { now: at("2025-05-02T00:01:00Z"), timeZone: "UTC" }),
      1,
      "yesterday still counts",
    );
    assert.equal(
      computeStreak([...completions, at("2025-05-02T00:05:00Z")], { now: at("2025-05-02T00:06:00Z"), timeZone: "UTC" }),
      2,
    );
    assert.equal(computeStreak(completions, { now: at("2025-05-03T00:00:00Z"), timeZone: "UTC" }), 0);
  });

  test("judged in the reader's own time zone", () => {
    // 23:30 and 00:30 UTC are two UTC days but one evening in New York.
    const completions = [at("2025-05-01T23:30:00Z"), at("2025-05-02T00:30:00Z")];
    const now = at("2025-05-02T01:00:00Z");
    assert.equal(computeStreak(completions, { now, timeZone: "UTC" }), 2);
    assert.equal(computeStreak(completions, { now, timeZone: "America/New_York" }), 1);
    // Reading late each evening in Los Angeles is a daily streak there, though the UTC dates skip around.
    const evenings = [at("2025-05-01T06:50:00Z"), at("2025-05-02T06:40:00Z"), at("2025-05-03T06:55:00Z")];
    assert.equal(computeStreak(evenings, { now: at("2025-05-03T07:00:00Z"), timeZone: "America/Los_Angeles" }), 3);
  });

  test("daylight saving changes do not break a streak", () => {
    // Europe/London moved to summer time on 2025-03-30.
    const completions = ["2025-03-29T21:00:00Z", "2025-03-30T21:00:00Z", "2025-03-31T21:00:00Z"].map(at);
    assert.equal(computeStreak(completions, { now: at("2025-03-31T22:30:00Z"), timeZone: "Europe/London" }), 3);
  });
});

describe("where a reader is in a plan", () => {
  const utc = { timeZone: "UTC" };
  const done = (dayNumber: number, iso: string): DayCompletion => ({ dayNumber, completedAt: at(iso) });

  test("a new plan starts at day 1", () => {
    const position = planPosition({ daysCount: 7, completions: [] }, { ...utc, now: at("2025-05-01T10:00:00Z") });
    assert.deepEqual(position, {
      currentDay: 1,
      isCompleted: false,
      completedAt: null,
      isPlanFinished: false,
      completedDays: 0,
    });
  });

  test("a day completed today stays shown, completed, until the next calendar day", () => {
    const completions = [done(1, "2025-05-01T10:00:00Z")];
    const sameDay = planPosition({ daysCount: 7, completions }, { ...utc, now: at("2025-05-01T23:59:59Z") });
    assert.equal(sameDay.currentDay, 1);
    assert.equal(sameDay.isCompleted, true);
    const nextDay = planPosition({ daysCount: 7, completions }, { ...utc, now: at("2025-05-02T00:00:00Z") });
    assert.equal(nextDay.currentDay, 2);
    assert.equal(nextDay.isCompleted, false);
  });

  test("the next calendar day is the reader's: in Tokyo it comes nine hours before UTC's", () => {
    const completions = [done(1, "2025-05-01T10:00:00Z")];
    const now = at("2025-05-01T15:30:00Z");
    assert.equal(planPosition({ daysCount: 7, completions }, { now, timeZone: "UTC" }).currentDay, 1);
    assert.equal(planPosition({ daysCount: 7, completions }, { now, timeZone: "Asia/Tokyo" }).currentDay, 2);
  });

  test("self-paced: days missed wait for the reader", () => {
    const completions = [done(1, "2025-05-01T10:00:00Z"), done(2, "2025-05-02T10:00:00Z")];
    const weekLater = planPosition({ daysCount: 7, completions }, { ...utc, now: at("2025-05-09T10:00:00Z") });
    assert.equal(weekLater.currentDay, 3);
    assert.equal(weekLater.completedDays, 2);
  });

  test("a finished plan stays on its last day, completed", () => {
    const completions = [1, 2, 3].map((day) => done(day, `2025-05-0${day}T10:00:00Z`));
    const finishing = planPosition({ daysCount: 3, completions }, { ...utc, now: at("2025-05-03T12:00:00Z") });
    assert.equal(finishing.isPlanFinished, true);
    assert.equal(finishing.currentDay, 3);
    const later = planPosition({ daysCount: 3, completions }, { ...utc, now: at("2025-06-01T12:00:00Z") });
    assert.deepEqual(
      { currentDay: later.currentDay, isCompleted: later.isCompleted, isPlanFinished: later.isPlanFinished },
      { currentDay: 3, isCompleted: true, isPlanFinished: true },
    );
  });
});

describe("which days may be completed", () => {
  const position = (currentDay: number, isCompleted: boolean) => ({
    currentDay,
    isCompleted,
    completedAt: null,
    isPlanFinished: false,
    completedDays: currentDay - 1,
  });

  test("the current day may be completed; again is idempotent", () => {
    assert.deepEqual(checkCompletion(3, 7, position(3, false), new Set([1, 2])), { ok: true, alreadyCompleted: false });
    assert.deepEqual(checkCompletion(2, 7, position(3, false), new Set([1, 2])), { ok: true, alreadyCompleted: true });
  });

  test("a day beyond the current one is refused", () => {
    const beyond = checkCompletion(4, 7, position(3, false), new Set([1, 2]));
    assert.equal(beyond.ok, false);
    if (!beyond.ok) assert.match(beyond.message, /Day 4 is not open yet: today's reading is day 3/);
    const tomorrow = checkCompletion(4, 7, position(3, true), new Set([1, 2, 3]));
    assert.equal(tomorrow.ok, false);
    if (!tomorrow.ok) assert.match(tomorrow.message, /already completed today's reading \(day 3\)/);
    const outside = checkCompletion(9, 7, position(3, false), new Set([1, 2]));
    assert.equal(outside.ok, false);
    if (!outside.ok) assert.match(outside.message, /This plan has 7 days/);
  });
});

describe("an imported history, replayed against the rules", () => {
  const rules = {
    daysCount: 5,
    startedAt: at("2025-05-01T08:00:00Z"),
    now: at("2025-05-10T12:00:00Z"),
    timeZone: "America/New_York",
  };
  const day = (dayNumber: number, iso: string): DayCompletion => ({ dayNumber, completedAt: at(iso) });

  test("one new day per calendar day, in order, is a history the rules could make (in any listed order)", () => {
    const history = [
      day(3, "2025-05-04T01:00:00Z"), // 9 pm on the 3rd in New York
      day(1, "2025-05-01T09:00:00Z"),
      day(2, "2025-05-02T23:30:00Z"),
    ];
    assert.deepEqual(checkHistory(history, rules), { ok: true });
    assert.deepEqual(checkHistory([], rules), { ok: true });
  });

  test("two days on one calendar day of the reader's zone are refused, though UTC dates differ", () => {
    const check = checkHistory([day(1, "2025-05-02T20:00:00Z"), day(2, "2025-05-03T02:00:00Z")], rules);
    assert.equal(check.ok, false);
    assert.match(!check.ok ? check.message : "", /^day 2 on 2025-05-02: You have already completed today's reading/);
  });

  test("a skipped day, a day before the start, a day after now and more days than the plan are refused", () => {
    const refused = [
      [[day(1, "2025-05-02T12:00:00Z"), day(3, "2025-05-03T12:00:00Z")], /day 3 .*not open yet/],
      [[day(1, "2025-04-30T12:00:00Z")], /before the plan was started/],
      [[day(1, "2025-05-11T12:00:00Z")], /after today/],
      [
        Array.from({ length: 6 }, (_, index) => day(index + 1, `2025-05-0${index + 2}T12:00:00Z`)),
        /6 completed days of a 5-day plan/,
      ],
    ] as const;
    for (const [history, message] of refused) {
      const check = checkHistory([...history], rules);
      assert.equal(check.ok, false, String(message));
      assert.match(!check.ok ? check.message : "", message);
    }
  });
});
