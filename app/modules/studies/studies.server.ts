import { and, desc, eq, sql } from "drizzle-orm";
import { studies, type Study } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb } from "~/db.server";
import { countUserRows } from "~/user-rows.server";
import { getAiProvider } from "~/modules/ai/index.server";
import type { GenerationOptions } from "~/modules/ai/provider";
import { getAiSettings } from "~/modules/ai/settings.server";
import { getPassage, type Passage } from "~/modules/bible/passages.server";
import { resolveTranslation } from "~/modules/bible/translations";
import { tryUserSlot, userSlotsInUse } from "~/modules/jobs/leases.server";
import { markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { AiError, ConflictError, NotFoundError, TooManyRequestsError } from "~/utils/errors";
import { afterCursor, toPage, type Page, type PageRequest } from "~/utils/pagination.server";
import type { StudyRequest, StudyView } from "./schemas";

export const RECENT_STUDIES = 5;

/**
 * At most this many studies generate at once for one user, whichever processes serve them
 * (slots are rows in running_generations); a real model can take a minute.
 */
const MAX_GENERATIONS_PER_USER = 2;
const tooMany = () =>
  new TooManyRequestsError("You already have studies being generated. Please wait for them to finish.", 10);

export function toStudyView(row: Study): StudyView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    studyType: row.studyType,
    input: row.input,
    translation: row.translation,
    aiProvider: row.aiProvider,
    aiModel: row.aiModel,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of the user's studies, newest first. */
export function listStudies(userId: string, { limit, cursor }: PageRequest): Page<StudyView> {
  const rows = getDb()
    .select({ study: studies, createdAt: studies.createdAt, rowid: sql<number>`rowid` })
    .from(studies)
    .where(and(eq(studies.userId, userId), afterCursor(cursor, studies.createdAt, sql`rowid`)))
    .orderBy(desc(studies.createdAt), desc(sql`rowid`))
    .limit(limit + 1)
    .all();
  return toPage(rows, limit, (row) => toStudyView(row.study));
}

/** One more study would pass MAX_ITEMS_PER_USER (counted on the user's index alone): a 409. */
export function assertRoomForStudy(userId: string): void {
  const max = getConfig().MAX_ITEMS_PER_USER;
  if (countUserRows(studies, userId) >= max)
    throw new ConflictError(`You have reached the limit of ${max} lesson plans for one account.`);
}

/** One of the user's studies; another user's (or a made-up) id is not found. */
export function getStudy(userId: string, studyId: string): StudyView {
  const row = getDb()
    .select()
    .from(studies)
    .where(and(eq(studies.id, studyId), eq(studies.userId, userId)))
    .get();
  if (!row) throw new NotFoundError("Study not found");
  return toStudyView(row);
}

export function findStudy(userId: string, studyId: string): StudyView | null {
  try {
    return getStudy(userId, studyId);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** A checked request, ready to generate: the passage is resolved, so a bad reference fails here (400). */
export interface StudyPlan {
  userId: string;
  request: StudyRequest;
  passage?: Passage;
}

export function planStudy(userId: string, request: StudyRequest): StudyPlan {
  // Checked before a streamed answer starts, so a full count is still a plain 429; the slot
  // itself is taken atomically when generating starts.
  if (userSlotsInUse(userId) >= MAX_GENERATIONS_PER_USER) throw tooMany();
  assertRoomForStudy(userId);
  if (request.studyType === "passage") {
    return { userId, request, passage: getPassage(request.reference, getAiSettings().translation) };
  }
  return { userId, request };
}

/**
 * Generates a lesson plan with the configured AI provider and saves it. Nothing is written
 * unless the provider returned a whole lesson; creating a study also ticks the onboarding step.
 */
export async function generateStudy(plan: StudyPlan, options: GenerationOptions = {}): Promise<StudyView> {
  const { userId, request } = plan;
  const slot = tryUserSlot(userId, MAX_GENERATIONS_PER_USER);
  if (!slot) throw tooMany();
  try {
    const settings = getAiSettings();
    const provider = getAiProvider();
    const generated =
      request.studyType === "topic"
        ? await provider.lessonFromTopic({ topic: request.topic, settings }, options)
        : await provider.lessonFromPassage({ passage: plan.passage!, settings }, options);
    if (options.signal?.aborted) throw new AiError("The request was cancelled before the study was saved.", 499);
    const title = typeof generated.title === "string" ? generated.title.trim() : "";
    const content = typeof generated.content === "string" ? generated.content.trim() : "";
    if (!title || !content) throw new AiError("The AI provider returned an empty lesson. Please try again.", 502);
    const translation = plan.passage?.translation.shown ?? resolveTranslation(settings.translation).shown;
    const db = getDb();
    const row = db.transaction(
      (tx) => {
        // Again where the row is written: generating took a while since planStudy checked.
        assertRoomForStudy(userId);
        const inserted = tx
          .insert(studies)
          .values({
            userId,
            title: title.slice(0, 200),
            content,
            studyType: request.studyType,
            input: request.studyType === "topic" ? request.topic : plan.passage!.reference,
            translation,
            aiProvider: provider.name,
            aiModel: provider.model,
          })
          .returning()
          .get();
        markOnboardingStep(userId, "hasCreatedStudy");
        return inserted;
      },
      { behavior: "immediate" },
    );
    return toStudyView(row);
  } finally {
    slot.release();
  }
}

/** Plans and generates in one step (the JSON API). */
export async function createStudy(userId: string, request: StudyRequest, options: GenerationOptions = {}) {
  return generateStudy(planStudy(userId, request), options);
}
