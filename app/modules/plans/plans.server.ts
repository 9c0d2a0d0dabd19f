import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import { planDays, readingPlans, userPlanProgress, userPlans } from "#db/schema";
import { getDb, preparedQuery } from "~/db.server";
import type { AiProvider } from "~/modules/ai/index.server";
import type { WriterOfText } from "~/modules/ai/writer";
import type { LaidOutVerse } from "~/modules/bible/layout";
import { layOutVerses } from "~/modules/bible/layout.server";
import { passageFromRanges, type Passage } from "~/modules/bible/passages.server";
import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { countVerses, formatRanges, parseReference, type VerseRange } from "~/modules/bible/references.server";
import type { TranslationChoice } from "~/modules/bible/translations";
import { resolveTranslation } from "~/modules/bible/translations";
import { markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { getProfile, isValidTimeZone, updateProfile } from "~/modules/profile/profile.server";
import { NotFoundError, ValidationError } from "~/utils/errors";
import { calendarDay } from "~/utils/time-zone";
import { checkCompletion, computeStreak, planPosition } from "./calendar";
import { getDayDevotions, type Devotion, type DevotionFailure } from "./devotionals.server";
import type { DevotionExcerpt } from "./excerpt.server";
import { levelForDepth, type CompleteDayInput, type DevotionLevel, type PlanTranslation } from "./schemas";
import { LRUCache } from "lru-cache";

export interface PlanSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  daysCount: number;
  planType: string;
  /** Day 1's references: "John 1". */
  firstReading: string;
  /** What the plan reads, in plain words: "All of John", "Matthew 5-7", "Genesis to Revelation". */
  covers: string;
  /** About how long a day's Scripture takes to read, in whole minutes (the devotional is extra). */
  minutesPerDay: number;
  /** The reader's own relation to the plan, when they have started it. */
  progress: { isActive: boolean; completedDays: number; isFinished: boolean } | null;
}

export interface UserPlanSummary {
  id: string;
  planId: string;
  translation: string;
  startDate: Date;
  activatedAt: Date;
  completedDays: number;
  plan: { id: string; slug: string; name: string; description: string; daysCount: number; planType: string };
}

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

export interface Clock {
  now?: Date;
}

/** Canonical IANA name ("europe/london" -> "Europe/London"), or null when the zone is unknown. */
function canonicalTimeZone(timeZone: string): string | null {
  if (!isValidTimeZone(timeZone)) return null;
  return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
}

function checkedTimeZone(provided: string): string {
  const canonical = canonicalTimeZone(provided);
  if (!canonical) {
    throw new ValidationError(
      `timeZone: "${provided.length > 64 ? `${provided.slice(0, 63)}…` : provided}" is not a time zone we know (expected a name like Europe/London)`,
    );
  }
  return canonical;
}

/**
 * The zone to judge "today" in, for reads: the one the browser sent (validated, not stored), else
 * the stored one, else UTC. A GET never writes, so reading Today leaves the profile alone.
 */
export function readTimeZone(userId: string, provided?: string | null): string {
  if (provided) return checkedTimeZone(provided);
  return getProfile(userId).timeZone ?? "UTC";
}

/**
 * The reader's time zone, for writes: the one the browser just sent (validated, then stored on
 * the profile), else the stored one, else UTC.
 */
export function resolveTimeZone(userId: string, provided?: string | null): string {
  const stored = getProfile(userId).timeZone;
  if (provided) {
    const canonical = checkedTimeZone(provided);
    if (canonical !== stored) updateProfile(userId, { timeZone: canonical });
    return canonical;
  }
  return stored ?? "UTC";
}

function findPlan(planIdOrSlug: string) {
  const db = getDb();
  return (
    db.select().from(readingPlans).where(eq(readingPlans.id, planIdOrSlug)).get() ??
    db.select().from(readingPlans).where(eq(readingPlans.slug, planIdOrSlug)).get()
  );
}

function planFields(plan: typeof readingPlans.$inferSelect) {
  return {
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    description: plan.description,
    daysCount: plan.daysCount,
    planType: plan.planType,
  };
}

/** An unhurried pace for reading Scripture, and the words in an average English verse (about 783,000 in 31,102). */
const WORDS_PER_MINUTE = 200;
const WORDS_PER_VERSE = 25;

/** "All of John", "Matthew 5-7", "Matthew to John": the span from the first verse read to the last. */
export function coverageLabel(ranges: VerseRange[]): string {
  const first = splitVerseId(ranges[0]!.start);
  const last = splitVerseId(ranges.at(-1)!.end);
  const firstBook = bookByOrder(first.bookOrder)!;
  if (first.bookOrder !== last.bookOrder) return `${firstBook.name} to ${bookByOrder(last.bookOrder)!.name}`;
  const wholeBook =
    first.chapter === 1 &&
    first.verse === 1 &&
    last.chapter === firstBook.chapters &&
    last.verse === firstBook.verses[firstBook.chapters - 1];
  return wholeBook ? `All of ${firstBook.name}` : formatRanges([{ start: ranges[0]!.start, end: ranges.at(-1)!.end }]);
}

/** A plan's size for a reader choosing one; plans do not change once seeded, so each is counted once. */
const planSizes = new Map<string, { covers: string; minutesPerDay: number }>();

function planSize(planId: string, daysCount: number) {
  const known = planSizes.get(planId);
  if (known) return known;
  const ranges = getDb()
    .select({ references: planDays.referencesJson })
    .from(planDays)
    .where(eq(planDays.planId, planId))
    .orderBy(asc(planDays.dayNumber))
    .all()
    .flatMap((day) => day.references)
    .flatMap((reference) => {
      const parsed = parseReference(reference);
      return parsed.ok ? parsed.ranges : [];
    });
  const size =
    ranges.length === 0
      ? { covers: "", minutesPerDay: 0 }
      : {
          covers: coverageLabel(ranges),
          minutesPerDay: Math.max(
            1,
            Math.round((countVerses(ranges) / Math.max(daysCount, 1)) * (WORDS_PER_VERSE / WORDS_PER_MINUTE)),
          ),
        };
  planSizes.set(planId, size);
  return size;
}

/** Every plan, shortest first, with the reader's progress in the ones they have started. */
export function listPlans(userId: string): PlanSummary[] {
  const db = getDb();
  const plans = db.select().from(readingPlans).orderBy(asc(readingPlans.daysCount), asc(readingPlans.name)).all();
  const firstDays = new Map(
    db
      .select({ planId: planDays.planId, references: planDays.referencesJson })
      .from(planDays)
      .where(eq(planDays.dayNumber, 1))
      .all()
      .map((row) => [row.planId, row.references.join("; ")]),
  );
  const mine = db
    .select({
      planId: userPlans.planId,
      activatedAt: userPlans.activatedAt,
      completedDays: sql<number>`count(${userPlanProgress.id})`,
    })
    .from(userPlans)
    .leftJoin(userPlanProgress, eq(userPlanProgress.userPlanId, userPlans.id))
    .where(eq(userPlans.userId, userId))
    .groupBy(userPlans.id)
    .orderBy(desc(userPlans.activatedAt))
    .all();
  const activePlanId = mine[0]?.planId;
  const progress = new Map(mine.map((row) => [row.planId, row]));
  return plans.map((plan) => {
    const own = progress.get(plan.id);
    return {
      ...planFields(plan),
      firstReading: firstDays.get(plan.id) ?? "",
      ...planSize(plan.id, plan.daysCount),
      progress: own
        ? {
            isActive: plan.id === activePlanId,
            completedDays: own.completedDays,
            isFinished: own.completedDays >= plan.daysCount,
          }
        : null,
    };
  });
}

function userPlanSummary(userPlanId: string): UserPlanSummary | null {
  const db = getDb();
  const row = db
    .select({ userPlan: userPlans, plan: readingPlans })
    .from(userPlans)
    .innerJoin(readingPlans, eq(readingPlans.id, userPlans.planId))
    .where(eq(userPlans.id, userPlanId))
    .get();
  if (!row) return null;
  const completed = db
    .select({ count: sql<number>`count(*)` })
    .from(userPlanProgress)
    .where(eq(userPlanProgress.userPlanId, userPlanId))
    .get();
  return {
    id: row.userPlan.id,
    planId: row.userPlan.planId,
    translation: row.userPlan.translation,
    startDate: row.userPlan.startDate,
    activatedAt: row.userPlan.activatedAt,
    completedDays: completed?.count ?? 0,
    plan: planFields(row.plan),
  };
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

/**
 * Starts a plan, or resumes one started before (its progress is kept), and makes it the reader's
 * active plan. The translation chosen now is the one the plan is read in.
 */
export function startPlan(
  userId: string,
  { planId, translation }: { planId: string; translation: PlanTranslation },
  { now = new Date() }: Clock = {},
): { userPlan: UserPlanSummary; resumed: boolean } {
  const plan = findPlan(planId);
  if (!plan) throw new NotFoundError("Reading plan not found");
  const db = getDb();
  const { id, resumed } = db.transaction(
    (tx) => {
      const latest = tx
        .select({ at: max(userPlans.activatedAt) })
        .from(userPlans)
        .where(eq(userPlans.userId, userId))
        .get()?.at;
      // Strictly later than any earlier activation, so "most recent" is never a tie.
      const activatedAt = new Date(Math.max(now.getTime(), (latest?.getTime() ?? 0) + 1));
      const existing = tx
        .select({ id: userPlans.id })
        .from(userPlans)
        .where(and(eq(userPlans.userId, userId), eq(userPlans.planId, plan.id)))
        .get();
      if (existing) {
        tx.update(userPlans).set({ activatedAt, translation }).where(eq(userPlans.id, existing.id)).run();
        return { id: existing.id, resumed: true };
      }
      const inserted = tx
        .insert(userPlans)
        .values({ userId, planId: plan.id, translation, startDate: now, activatedAt })
        .returning({ id: userPlans.id })
        .get();
      return { id: inserted.id, resumed: false };
    },
    { behavior: "immediate" },
  );
  markOnboardingStep(userId, "hasStartedPlan");
  return { userPlan: userPlanSummary(id)!, resumed };
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
