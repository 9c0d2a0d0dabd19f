/**
 * Today (SPEC §3): the reader's active plan, the day's passages and devotionals, the streak, and
 * completing a day. The catalogue and starting a plan are catalogue.server.ts.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { planDays, readingPlans, userPlanProgress, userPlans } from "#db/schema";
import { getDb, preparedQuery } from "~/db.server";
import type { AiProvider } from "~/modules/ai/index.server";
import type { WriterOfText } from "~/modules/ai/writer";
import type { LaidOutVerse } from "~/modules/bible/layout";
import { layOutVerses } from "~/modules/bible/layout.server";
import { passageFromRanges, type Passage } from "~/modules/bible/passages.server";
import { parseReference } from "~/modules/bible/references.server";
import type { TranslationChoice } from "~/modules/bible/translations";
import { resolveTranslation } from "~/modules/bible/translations";
import { getProfile } from "~/modules/profile/profile.server";
import { NotFoundError, ValidationError } from "~/utils/errors";
import { calendarDay, type Clock } from "~/utils/time-zone";
import { LRUCache } from "lru-cache";
import { checkCompletion, computeStreak, planPosition } from "./calendar";
import { planFields, type UserPlanSummary } from "./catalogue.server";
import { getDayDevotions, type Devotion, type DevotionFailure } from "./devotionals.server";
import type { DevotionExcerpt } from "./excerpt.server";
import { levelForDepth, type CompleteDayInput, type DevotionLevel } from "./schemas";
import { resolveTimeZone } from "./time-zones.server";

export interface TodayPassage {
  reference: string;
  text: string;
  /** With where paragraphs and stanzas start and which verses are poetry, to set them as printed. */
  verses: LaidOutVerse[];
}

/** SPEC §3 Today response, plus what a reader needs to trust it. */
export interface TodayResponse {
  userPlan: UserPlanSummary | null;
  currentDay: number | null;
  /** The day whose reading is shown: the current day, or an earlier one the reader went back to. */
  shownDay: number | null;
  devotions: Array<{ level: DevotionLevel; content: string; wordLimit: number; writer: WriterOfText }>;
  /** Levels that could not be generated just now (the AI provider failed); they are retried next time. */
  devotionErrors: DevotionFailure[];
  passages: TodayPassage[];
  /** The references of the day, as the plan lists them. */
  references: string[];
  /** What was asked for and what is actually shown (with a note when they differ). */
  translation: TranslationChoice | null;
  isCompleted: boolean;
  completedAt: Date | null;
  isPlanFinished: boolean;
  streak: number;
  /** Whether a reading was already completed today (any plan), so the streak already counts today. */
  completedToday: boolean;
  /** The reader's preferred depth from the profile, as a devotional level. */
  preferredLevel: DevotionLevel;
  timeZone: string;
  /** The reader's calendar day, "YYYY-MM-DD". */
  today: string;
}

// Today's reads, built once (preparedQuery): they run on every visit of Today.
const activePlanQuery = preparedQuery((db) =>
  db
    .select({ userPlan: userPlans, plan: readingPlans })
    .from(userPlans)
    .innerJoin(readingPlans, eq(readingPlans.id, userPlans.planId))
    .where(eq(userPlans.userId, sql.placeholder("userId")))
    .orderBy(desc(userPlans.activatedAt))
    .limit(1)
    .prepare(),
);
const completionsQuery = preparedQuery((db) =>
  db
    .select({ dayNumber: userPlanProgress.dayNumber, completedAt: userPlanProgress.completedAt })
    .from(userPlanProgress)
    .where(eq(userPlanProgress.userPlanId, sql.placeholder("userPlanId")))
    .prepare(),
);
const completionTimesQuery = preparedQuery((db) =>
  db
    .select({ completedAt: userPlanProgress.completedAt })
    .from(userPlanProgress)
    .innerJoin(userPlans, eq(userPlans.id, userPlanProgress.userPlanId))
    .where(eq(userPlans.userId, sql.placeholder("userId")))
    .prepare(),
);
const planDayQuery = preparedQuery((db) =>
  db
    .select()
    .from(planDays)
    .where(and(eq(planDays.planId, sql.placeholder("planId")), eq(planDays.dayNumber, sql.placeholder("dayNumber"))))
    .prepare(),
);

/** The plan the reader most recently started (or resumed). */
function activeUserPlan(userId: string) {
  return activePlanQuery().get({ userId });
}

function completionsOf(userPlanId: string) {
  return completionsQuery().all({ userPlanId });
}

/** Every completion of the reader, across all their plans: the streak counts reading, whatever the plan. */
function allCompletionTimes(userId: string) {
  return completionTimesQuery()
    .all({ userId })
    .map((row) => row.completedAt);
}

function streakOf(userId: string, now: Date, timeZone: string) {
  const times = allCompletionTimes(userId);
  const today = calendarDay(now, timeZone);
  return {
    streak: computeStreak(times, { now, timeZone }),
    completedToday: times.some((time) => calendarDay(time, timeZone) === today),
  };
}

// A plan day's passages are the same for every reader of that day, and the Bible text never
// changes: the most recent ones are kept rather than rebuilt for each reader's Today.
const passageCache = new LRUCache<string, Passage>({ max: 200 });

function passageFor(reference: string, translation: string): Passage {
  const key = `${translation}|${reference}`;
  let passage = passageCache.get(key);
  if (!passage) {
    const parsed = parseReference(reference);
    // The catalogue's references are checked by tests; a broken one is a bug, not bad input.
    if (!parsed.ok) throw new Error(`Plan reference "${reference}" does not resolve: ${parsed.message}`);
    passage = passageFromRanges(parsed.ranges, translation);
    passageCache.set(key, passage);
  }
  return passage;
}

function passagesFor(references: string[], translation: string) {
  return references.map((reference) => passageFor(reference, translation));
}

export interface TodayOptions extends Clock {
  timeZone: string;
  /** An earlier day of the plan to read again; the current day when absent or not yet open. */
  day?: number;
  provider?: AiProvider;
  signal?: AbortSignal;
}

export type TodayOverview = Omit<TodayResponse, "devotions" | "devotionErrors">;
export interface TodayDevotions {
  devotions: TodayResponse["devotions"];
  devotionErrors: DevotionFailure[];
}

/** Devotionals fetched after the page (Today's GET /today/devotions), with the plan and day they are for. */
export type LateDevotions = { userPlanId: string | null; currentDay: number | null; shownDay: number | null } & (
  | (TodayDevotions & { devotions: Array<TodayResponse["devotions"][number] & { excerpt: DevotionExcerpt }> })
  | { error: string }
);

/** The plan day Today shows: the current one, or an earlier one asked for (?day=). */
function shownPlanDay(
  active: NonNullable<ReturnType<typeof activeUserPlan>>,
  { now, timeZone, day: asked }: { now: Date; timeZone: string; day?: number },
) {
  const completions = completionsOf(active.userPlan.id);
  const position = planPosition({ daysCount: active.plan.daysCount, completions }, { now, timeZone });
  const shownDay = asked !== undefined && asked >= 1 && asked < position.currentDay ? asked : position.currentDay;
  const day = planDayQuery().get({ planId: active.plan.id, dayNumber: shownDay });
  if (!day) throw new NotFoundError("This plan's reading for today is missing");
  return { completions, position, shownDay, day };
}

/** The references of the day Today shows (for its commentary), without its devotionals: [] with no active plan. */
export function shownDayReferences(
  userId: string,
  { now = new Date(), timeZone, day }: Clock & { timeZone: string; day?: number },
): { shownDay: number | null; references: string[] } {
  const active = activeUserPlan(userId);
  if (!active) return { shownDay: null, references: [] };
  const shown = shownPlanDay(active, { now, timeZone, day });
  return { shownDay: shown.shownDay, references: shown.day.referencesJson };
}

/**
 * What Today shows, in two parts: everything but the devotionals at once, and the devotionals
 * as a promise (instant when cached; a page can stream them while a model writes).
 */
export function getTodayOverview(
  userId: string,
  { now = new Date(), timeZone, day: asked, provider, signal }: TodayOptions,
): { overview: TodayOverview; devotions: Promise<TodayDevotions> } {
  const profile = getProfile(userId);
  const preferredLevel = levelForDepth(profile.studyDepthPreference);
  const { streak, completedToday } = streakOf(userId, now, timeZone);
  const today = calendarDay(now, timeZone);
  const active = activeUserPlan(userId);
  if (!active) {
    return {
      overview: {
        userPlan: null,
        currentDay: null,
        shownDay: null,
        passages: [],
        references: [],
        translation: null,
        isCompleted: false,
        completedAt: null,
        isPlanFinished: false,
        streak,
        completedToday,
        preferredLevel,
        timeZone,
        today,
      },
      devotions: Promise.resolve({ devotions: [], devotionErrors: [] }),
    };
  }
  const { completions, position, shownDay, day } = shownPlanDay(active, { now, timeZone, day: asked });
  const shownCompletion = completions.find((completion) => completion.dayNumber === shownDay);
  const translation = resolveTranslation(active.userPlan.translation);
  const shown = passagesFor(day.referencesJson, active.userPlan.translation);
  const devotions = getDayDevotions({
    planDayId: day.id,
    // Devotionals are written from (and cached for) the text actually shown.
    passages: passagesFor(day.referencesJson, translation.shown),
    provider,
    signal,
  }).then(({ devotions: written, failures }) => ({
    devotions: written.map((devotion: Devotion) => ({
      level: devotion.level,
      content: devotion.content,
      wordLimit: devotion.wordLimit,
      writer: devotion.writer,
    })),
    devotionErrors: failures,
  }));
  return {
    overview: {
      userPlan: {
        id: active.userPlan.id,
        planId: active.plan.id,
        translation: active.userPlan.translation,
        startDate: active.userPlan.startDate,
        activatedAt: active.userPlan.activatedAt,
        completedDays: position.completedDays,
        plan: planFields(active.plan),
      },
      currentDay: position.currentDay,
      shownDay,
      passages: shown.map((passage) => ({
        reference: passage.reference,
        text: passage.text,
        verses: layOutVerses(
          passage.verses[0]?.book ?? "",
          passage.verses
            .filter((verse) => verse.text)
            .map((verse) => ({ chapter: verse.chapter, verse: verse.verse, text: verse.text })),
        ),
      })),
      references: day.referencesJson,
      translation,
      isCompleted: shownDay === position.currentDay ? position.isCompleted : Boolean(shownCompletion),
      completedAt: shownDay === position.currentDay ? position.completedAt : (shownCompletion?.completedAt ?? null),
      isPlanFinished: position.isPlanFinished,
      streak,
      completedToday,
      preferredLevel,
      timeZone,
      today,
    },
    devotions,
  };
}

/** Where the reader is in their active plan, for the dashboard's first card (no devotionals, no writes). */
export function continueReading(
  userId: string,
  { now = new Date(), timeZone }: Clock & { timeZone: string },
): { planName: string; day: number; daysCount: number; references: string[]; isCompleted: boolean } | null {
  const active = activeUserPlan(userId);
  if (!active) return null;
  const position = planPosition(
    { daysCount: active.plan.daysCount, completions: completionsOf(active.userPlan.id) },
    { now, timeZone },
  );
  const day = planDayQuery().get({ planId: active.plan.id, dayNumber: position.currentDay });
  return {
    planName: active.plan.name,
    day: position.currentDay,
    daysCount: active.plan.daysCount,
    references: day?.referencesJson ?? [],
    isCompleted: position.isCompleted,
  };
}

/** The reader's streak (SPEC §3: consecutive days with a completed reading, in their time zone), for the dashboard. */
export function readingStreak(userId: string, { now = new Date(), timeZone }: Clock & { timeZone: string }): number {
  return streakOf(userId, now, timeZone).streak;
}

/** What Today shows: the active plan's current day, its passages and devotionals, and the streak. */
export async function getToday(userId: string, options: TodayOptions): Promise<TodayResponse> {
  const { overview, devotions } = getTodayOverview(userId, options);
  return { ...overview, ...(await devotions) };
}

export interface CompletionResult {
  dayNumber: number;
  isCompleted: true;
  /** True when the day had been completed before (nothing changed). */
  alreadyCompleted: boolean;
  completedAt: Date;
  isPlanFinished: boolean;
  streak: number;
}

/**
 * "Mark Complete", for the Today page and POST /api/plans/user-plans/complete alike: stores the
 * zone the reader sent, then completes the day in it.
 */
export function completeTodayReading(userId: string, input: CompleteDayInput, clock: Clock = {}): CompletionResult {
  const timeZone = resolveTimeZone(userId, input.timeZone);
  return completeDay(userId, { dayNumber: input.dayNumber }, { ...clock, timeZone });
}

/**
 * Marks a day of the active plan complete. Idempotent: a day is stored once (unique key), so
 * repeated or concurrent requests count once. A day beyond the current one is refused.
 */
export function completeDay(
  userId: string,
  { dayNumber }: { dayNumber: number },
  { now = new Date(), timeZone }: Clock & { timeZone: string },
): CompletionResult {
  const db = getDb();
  const result = db.transaction(
    (tx) => {
      // better-sqlite3 has one connection: this read is inside the transaction too.
      const row = activeUserPlan(userId);
      if (!row) throw new NotFoundError("You have no active reading plan. Start a plan first.");
      const active = { id: row.userPlan.id, daysCount: row.plan.daysCount };
      const completions = tx
        .select({ dayNumber: userPlanProgress.dayNumber, completedAt: userPlanProgress.completedAt })
        .from(userPlanProgress)
        .where(eq(userPlanProgress.userPlanId, active.id))
        .all();
      const position = planPosition({ daysCount: active.daysCount, completions }, { now, timeZone });
      const completed = new Set(completions.map((completion) => completion.dayNumber));
      const check = checkCompletion(dayNumber, active.daysCount, position, completed);
      if (!check.ok) throw new ValidationError(check.message);
      if (!check.alreadyCompleted) {
        tx.insert(userPlanProgress)
          .values({ userPlanId: active.id, dayNumber, completedAt: now })
          .onConflictDoNothing()
          .run();
      }
      const stored = tx
        .select({ completedAt: userPlanProgress.completedAt })
        .from(userPlanProgress)
        .where(and(eq(userPlanProgress.userPlanId, active.id), eq(userPlanProgress.dayNumber, dayNumber)))
        .get()!;
      const finished = tx
        .select({ count: sql<number>`count(*)` })
        .from(userPlanProgress)
        .where(
          and(
            eq(userPlanProgress.userPlanId, active.id),
            sql`${userPlanProgress.dayNumber} between 1 and ${active.daysCount}`,
          ),
        )
        .get();
      return {
        dayNumber,
        isCompleted: true as const,
        alreadyCompleted: check.alreadyCompleted,
        completedAt: stored.completedAt,
        isPlanFinished: (finished?.count ?? 0) >= active.daysCount,
      };
    },
    { behavior: "immediate" },
  );
  return { ...result, streak: streakOf(userId, now, timeZone).streak };
}
