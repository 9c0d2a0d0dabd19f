import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { devotionals } from "#db/schema";
import { requirePrimary } from "~/db-role.server";
import { getDb, preparedQuery } from "~/db.server";
import { getAiProvider, type AiProvider } from "~/modules/ai/index.server";
import { keepUntilSettled } from "~/modules/jobs/background.server";
import { leaseState, tryLease } from "~/modules/jobs/leases.server";
import type { AiSettings } from "~/modules/ai/settings.server";
import type { WriterOfText } from "~/modules/ai/writer";
import { getAiSettings } from "~/modules/ai/settings.server";
import type { Passage } from "~/modules/bible/passages.server";
import { AiError, AppError, ReplicaWriteError } from "~/utils/errors";
import { devotionLevels, type DevotionLevel } from "./schemas";

/** Bump when the built-in writer changes, so cached built-in devotionals are written again. */
const BUILTIN_WRITER_VERSION = 1;

export interface Devotion {
  level: DevotionLevel;
  content: string;
  wordLimit: number;
  /** Who wrote it: the settings key names the provider and model, so a cached row's writer is the provider's. */
  writer: WriterOfText;
}

export interface DevotionFailure {
  level: DevotionLevel;
  error: string;
}

export function wordLimitFor(level: DevotionLevel, settings: AiSettings) {
  return level === "beginner"
    ? settings.beginnerWordLimit
    : level === "intermediate"
      ? settings.intermediateWordLimit
      : settings.deepStudyWordLimit;
}

/**
 * Identifies everything that shapes a devotional besides its passage and level: the provider and
 * model, the tone and style settings and the level's word limit. A change to any of them gives
 * new devotionals; the old ones stay cached for whoever still matches them.
 */
export function devotionalSettingsKey(
  provider: Pick<AiProvider, "name" | "model">,
  settings: AiSettings,
  level: DevotionLevel,
) {
  const shaping = {
    provider: provider.name,
    model: provider.model,
    writer: provider.name === "builtin" ? BUILTIN_WRITER_VERSION : undefined,
    tone: settings.tone,
    writingStyle: settings.writingStyle,
    citationFormat: settings.citationFormat,
    targetAudience: settings.targetAudience,
    languageComplexity: settings.languageComplexity,
    wordLimit: wordLimitFor(level, settings),
  };
  return `${provider.name}:${createHash("sha256").update(JSON.stringify(shaping)).digest("hex").slice(0, 20)}`;
}

// Generations under way in this process, by cache key: concurrent requests for the same
// devotional share one generation. Across processes a lease row elects one generator.
const inflight = new Map<string, Promise<string>>();

/** How often a process waiting on another's generation looks for its result. */
const POLL_MS = 150;

// Read on every visit of Today: built once.
const cachedQuery = preparedQuery((db) =>
  db
    .select({ content: devotionals.content })
    .from(devotionals)
    .where(
      and(
        eq(devotionals.planDayId, sql.placeholder("planDayId")),
        eq(devotionals.level, sql.placeholder("level")),
        eq(devotionals.translation, sql.placeholder("translation")),
        eq(devotionals.settingsKey, sql.placeholder("settingsKey")),
      ),
    )
    .prepare(),
);

function cached(planDayId: string, level: DevotionLevel, translation: string, settingsKey: string) {
  return cachedQuery().get({ planDayId, level, translation, settingsKey });
}

export interface DevotionRequest {
  planDayId: string;
  /** The passages as shown (their translation is the cache's translation). */
  passages: Passage[];
  level: DevotionLevel;
  provider?: AiProvider;
  settings?: AiSettings;
  signal?: AbortSignal;
}

/**
 * The devotional for a plan day at one level: from the cache, or generated once and cached. A
 * failed generation stores nothing and is tried again by the next request. On a read-only replica
 * a cache miss throws ReplicaWriteError: the primary writes it.
 */
export async function getDevotion({
  planDayId,
  passages,
  level,
  provider = getAiProvider(),
  settings = getAiSettings(),
  signal,
}: DevotionRequest): Promise<Devotion> {
  const translation = passages[0]?.translation.shown ?? "BSB";
  const settingsKey = devotionalSettingsKey(provider, settings, level);
  const wordLimit = wordLimitFor(level, settings);
  const hit = cached(planDayId, level, translation, settingsKey);
  const writer = { aiProvider: provider.name, aiModel: provider.model };
  if (hit) return { level, content: hit.content, wordLimit, writer };
  requirePrimary();

  const key = `${planDayId}|${level}|${translation}|${settingsKey}`;
  let generation = inflight.get(key);
  if (!generation) {
    const store = (content: string) => {
      getDb()
        .insert(devotionals)
        .values({
          planDayId,
          level,
          translation,
          settingsKey,
          content,
          aiProvider: provider.name,
          aiModel: provider.model,
        })
        .onConflictDoNothing()
        .run();
      return cached(planDayId, level, translation, settingsKey)?.content ?? content;
    };
    const generate = async () =>
      (await provider.devotional({ passages, level, wordLimit, settings }, { signal })).content;
    // Kept past the request: Today's page stops waiting after 1.5 s, and the text is stored when done.
    generation = keepUntilSettled(
      generateOnce(
        `devotional:${key}`,
        () => cached(planDayId, level, translation, settingsKey)?.content,
        generate,
        store,
        signal,
      ).finally(() => inflight.delete(key)),
    );
    inflight.set(key, generation);
  }
  return { level, content: await generation, wordLimit, writer };
}

/**
 * One generation across every process: the holder of the lease generates and stores; the others
 * poll the cache until the result is there. If the holder fails, it releases the lease and stores
 * nothing, and its waiters fail too (the next request tries again); if it dies, its lease expires
 * and a waiter takes over.
 */
async function generateOnce(
  leaseKey: string,
  read: () => string | undefined,
  generate: () => Promise<string>,
  store: (content: string) => string,
  signal: AbortSignal | undefined,
): Promise<string> {
  for (;;) {
    const lease = tryLease(leaseKey);
    if (lease) {
      try {
        // Stored while we were taking the lease.
        return read() ?? store(await generate());
      } finally {
        lease.release();
      }
    }
    while (leaseState(leaseKey) === "live") {
      if (signal?.aborted) throw new AiError("The request was cancelled.", 499);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const content = read();
      if (content !== undefined) return content;
    }
    const content = read();
    if (content !== undefined) return content;
    // No lease and nothing stored: the holder failed (released) or died (its lease expired, and
    // only then is it taken over).
    if (leaseState(leaseKey) === "none")
      throw new AiError("The devotional could not be written just now. Please try again.", 503);
  }
}

/**
 * The three devotionals of a day, generated in parallel where missing; failures are reported per
 * level. One missing on a replica fails the whole: the request goes to the primary.
 */
export async function getDayDevotions(
  request: Omit<DevotionRequest, "level">,
): Promise<{ devotions: Devotion[]; failures: DevotionFailure[] }> {
  const provider = request.provider ?? getAiProvider();
  const settings = request.settings ?? getAiSettings();
  const results = await Promise.allSettled(
    devotionLevels.map((level) => getDevotion({ ...request, level, provider, settings })),
  );
  const replay = results.find((result) => result.status === "rejected" && result.reason instanceof ReplicaWriteError);
  if (replay) throw (replay as PromiseRejectedResult).reason;
  const devotions: Devotion[] = [];
  const failures: DevotionFailure[] = [];
  results.forEach((result, index) => {
    if (result.status === "fulfilled") devotions.push(result.value);
    else failures.push({ level: devotionLevels[index]!, error: messageOf(result.reason) });
  });
  return { devotions, failures };
}

function messageOf(error: unknown) {
  if (error instanceof AppError) return error.message;
  console.error(error);
  return "The devotional could not be written just now. Please try again.";
}
