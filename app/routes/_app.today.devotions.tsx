import type { LoaderFunctionArgs } from "@remix-run/node";
import { devotionExcerpt } from "~/modules/plans/excerpt.server";
import { requireUser } from "~/modules/auth/request.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { getTodayOverview, type LateDevotions } from "~/modules/plans/today.server";
import { todayViewSchema } from "~/modules/plans/schemas";
import { errorResponse } from "~/utils/api.server";
import { AppError, ReplicaWriteError } from "~/utils/errors";

/**
 * GET /today/devotions: the Today page's devotionals when they took longer than the page would
 * wait (the request joins the generation under way). It names the plan and day they are for, so
 * the page can tell when the day moved on meanwhile.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = todayViewSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const { overview, devotions } = getTodayOverview(user.id, {
    timeZone: readTimeZone(user.id),
    day: view.success ? view.data.day : undefined,
  });
  const day = {
    userPlanId: overview.userPlan?.id ?? null,
    currentDay: overview.currentDay,
    shownDay: overview.shownDay,
  };
  let answer: LateDevotions;
  try {
    const ready = await devotions;
    // Each with its opening lines for the depth cards, read here: the page does not load the parser.
    answer = {
      ...day,
      ...ready,
      devotions: ready.devotions.map((devotion) => ({ ...devotion, excerpt: devotionExcerpt(devotion.content) })),
    };
  } catch (error) {
    // A LiteFS replica cannot write them: the answer asks for a replay on the primary (fly-replay).
    if (error instanceof ReplicaWriteError) return errorResponse(error);
    if (!(error instanceof AppError)) console.error(error);
    answer = { ...day, error: error instanceof AppError ? error.message : "The devotionals could not be loaded." };
  }
  return Response.json(answer, { headers: { "cache-control": "no-store" } });
}
