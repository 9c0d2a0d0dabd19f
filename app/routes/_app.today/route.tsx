import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import literataRegular from "@fontsource/literata/files/literata-latin-400-normal.woff2";
import { data } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { CheckCircle2, PartyPopper } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { TranslationBadge } from "~/components/scripture/translation-badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { devotionExcerpt } from "~/modules/plans/excerpt.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireUser } from "~/modules/auth/request.server";
import { devotionLevelOf, type DevotionLevel } from "~/modules/plans/levels";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { completeTodayReading, getTodayOverview } from "~/modules/plans/today.server";
import { highlightedVerses } from "~/modules/notes/notes.server";
import { todayFormSchema, todayViewSchema } from "~/modules/plans/schemas";
import { refusalReply } from "~/utils/refusal.server";
import { browserTimeZone } from "~/utils/time-zone";
import { useHydrated } from "~/utils/use-hydrated";
import { redirectWithToast } from "~/utils/toast.server";
import { devotionalHtml } from "~/components/today/markdown.server";
import { commentaryPanelForReference } from "~/modules/bible/commentary.server";
import { DepthCards, DepthSwitch, DevotionBody, useDevotions } from "./devotionals";
import { NoActivePlan } from "./no-active-plan";
import { PassageView } from "./passage-view";
import { CommentaryFold } from "./commentary-fold";
import { ReadingProgress } from "./reading-progress";
import { firstErrorMessage, replyWithoutEcho } from "~/utils/form-reply";
import { GroupPlanOffers } from "~/components/groups/group-plan-offers";
import { listGroups } from "~/modules/groups/membership.server";
import { groupPlanOffers } from "~/modules/groups/group-plan.server";
import { firstWeekNextSteps } from "~/modules/onboarding/onboarding.server";
import { NextSteps } from "./next-steps";

export const meta: MetaFunction = () => [{ title: "Today | Sagacity Bites" }];

// The reading is set in Literata: fetched with the page, so the text does not reflow when it arrives.
export const links: LinksFunction = () => [
  { rel: "preload", href: literataRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * Cached or quickly written devotionals arrive with the page. When a model takes longer, the page
 * comes at once and asks the API for them (that request joins the generation under way).
 */
const WAIT_FOR_DEVOTIONS_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = readTimeZone(user.id);
  const { day, depth } = todayView(new URL(request.url).searchParams);
  const { overview, devotions } = getTodayOverview(user.id, { timeZone, day });
  const settings = getAiSettings();
  const highlights = highlightedVerses(
    user.id,
    overview.passages.map((passage) => passage.reference),
  );
  const ready = await Promise.race([
    devotions,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_DEVOTIONS_MS).unref()),
  ]);
  return {
    // The page shows the verses; the passage's text in one piece is for API clients.
    // The reader's highlights from the Bible reader show on the day's verses too.
    today: {
      ...overview,
      passages: overview.passages.map(({ reference, verses }, index) => ({
        reference,
        verses,
        highlights: highlights[index] ?? {},
      })),
    },
    // The open depth's devotional in full; the others' opening lines for their cards (choosing one loads it).
    devotions: ready && {
      devotions: ready.devotions.map(({ level, wordLimit, content, writer }) => ({
        level,
        wordLimit,
        writer,
        excerpt: devotionExcerpt(content),
        ...(level === (depth ?? overview.preferredLevel) ? { html: devotionalHtml(content) } : {}),
      })),
      devotionErrors: ready.devotionErrors,
    },
    // Who has written on the day's passages; the commentary itself loads when its fold is opened.
    commentaryAuthors: [
      ...new Set(
        overview.references.flatMap(
          (reference) => commentaryPanelForReference(reference)?.sources.map((source) => source.author) ?? [],
        ),
      ),
    ],
    wordLimits: {
      beginner: settings.beginnerWordLimit,
      intermediate: settings.intermediateWordLimit,
      deep: settings.deepStudyWordLimit,
    } satisfies Record<DevotionLevel, number>,
    groupPlans: groupPlanOffers(user.id, { timeZone }),
    nextSteps: firstWeekNextSteps(user.id, { timeZone, inGroup: listGroups(user.id).length > 0 }),
  };
}

/** ?day= (an earlier day to read again) and ?depth= (the devotional open in the column); unknown values are ignored. */
function todayView(params: URLSearchParams): { day?: number; depth?: DevotionLevel } {
  const parsed = todayViewSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : {};
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: todayFormSchema });
  const id = crypto.randomUUID();
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Unknown action");
    // The values are not echoed: the forms are hidden fields, and a hostile one could be huge.
    return data({ id, result: replyWithoutEcho(submission, { resetForm: true }), error: message }, { status: 400 });
  }
  const form = submission.value;
  try {
    completeTodayReading(user.id, form);
  } catch (error) {
    return refusalReply(error, { submission });
  }
  return redirectWithToast(
    "/today",
    { title: "Day completed!", description: "Keep up the great work on your reading journey" },
    { "X-Remix-Replace": "true" },
  );
}

export default function TodayPage() {
  const { today, devotions, wordLimits, groupPlans, commentaryAuthors, nextSteps } = useLoaderData<typeof loader>();
  const completion = useFetcher<typeof action>({ key: "complete-day" });
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const timeZone = useHydrated() ? (browserTimeZone() ?? "") : "";
  const synced = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { states, retry, retrying } = useDevotions(devotions, today);

  // The server judges "today" in the reader's zone; tell it when the browser's differs, then show
  // the day in that zone. A plain POST, not a fetcher (see resources.time-zone); the page's own
  // revalidation waits for it and is dropped by a navigation that starts meanwhile.
  useEffect(() => {
    if (!timeZone || synced.current || timeZone === today.timeZone) return;
    synced.current = true;
    const body = new FormData();
    body.set("timeZone", timeZone);
    fetch("/resources/time-zone", { method: "POST", body })
      .then((response) => {
        if (response.ok && mounted.current) revalidator.revalidate();
      })
      .catch(() => {});
  }, [timeZone, today.timeZone, revalidator]);

  // Success redirects back here with the "Day completed!" toast; a failure answers with its message.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const answer = completion.data;
    if (!answer || completion.state !== "idle" || shown.current === answer.id) return;
    shown.current = answer.id;
    if ("error" in answer) {
      toast({ id: answer.id, title: "Failed to mark complete", description: answer.error, variant: "destructive" });
      // A failed action does not revalidate on its own; the page must show the server's truth.
      revalidator.revalidate();
    }
  }, [completion.data, completion.state, revalidator]);
  // Only a form posted without scripts answers here.
  const actionData = useActionData<typeof action>();
  const failure = actionData && "error" in actionData ? actionData.error : undefined;

  const userPlan = today.userPlan;
  if (!userPlan || today.currentDay === null || today.shownDay === null) {
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title="Today" description="Your daily reading and devotional" />
        <GroupPlanOffers offers={groupPlans} />
        <NoActivePlan />
      </div>
    );
  }

  const reviewing = today.shownDay !== today.currentDay;
  // SPEC §4: shown completed, with the streak one higher, until the server answers.
  const optimistic = completion.state !== "idle" && completion.formData?.get("intent") === "complete";
  const isCompleted = today.isCompleted || optimistic;
  const streak = optimistic && !today.completedToday ? today.streak + 1 : today.streak;
  const completedDays = userPlan.completedDays + (optimistic && !today.isCompleted ? 1 : 0);

  // Read here without zod (the loader checks ?day= with its schema): the page does not ship zod.
  const depth = devotionLevelOf(searchParams.get("depth"));
  const chosen = depth ?? today.preferredLevel;
  const hrefFor = (level: DevotionLevel) => {
    const params = new URLSearchParams(searchParams);
    params.set("depth", level);
    return `?${params.toString()}`;
  };
  const hrefForDay = (day: number) => {
    const params = new URLSearchParams();
    if (day !== today.currentDay) params.set("day", String(day));
    if (depth) params.set("depth", depth);
    const search = params.toString();
    return search ? `/today?${search}` : "/today";
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="Today"
        description={
          <>
            {userPlan.plan.name} · Day {today.shownDay} of {userPlan.plan.daysCount}
          </>
        }
        className="mb-0"
      />

      <ReadingProgress
        shownDay={today.shownDay}
        currentDay={today.currentDay}
        daysCount={userPlan.plan.daysCount}
        completedDays={completedDays}
        streak={streak}
        groups={groupPlans}
        timeZone={timeZone}
        hrefForDay={hrefForDay}
      />

      {/* The reading in the order it is read: the passage (its opening, the rest one tap away), the
          devotional at the reader's depth, Mark Complete; the commentary is further reading, folded. */}
      <article className="reading-column space-y-8" aria-labelledby="reading-heading">
        <section className="space-y-4" aria-labelledby="reading-heading">
          {/* On a phone the badge has its own line: a row that fits in Inter but wraps in the
              fallback font moved the passage 28 px when the font arrived (Lighthouse CLS 0.247). */}
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3">
            <h2 id="reading-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {reviewing ? `Day ${today.shownDay}'s Reading` : "Today's Reading"}
            </h2>
            {today.translation ? (
              <TranslationBadge
                name={today.translation.shownName}
                code={today.translation.shown}
                note={today.translation.note}
              />
            ) : null}
          </div>
          <PassageView passages={today.passages} />
        </section>

        <div className="space-y-4">
          <DepthCards
            states={states}
            wordLimits={wordLimits}
            preferred={today.preferredLevel}
            chosen={chosen}
            hrefFor={hrefFor}
          />
          <DepthSwitch chosen={chosen} preferred={today.preferredLevel} hrefFor={hrefFor} />
          <DevotionBody
            level={chosen}
            state={states[chosen]}
            wordLimit={wordLimits[chosen]}
            retry={retry}
            retrying={retrying}
          />
        </div>

        <section aria-label="Finish the day" className="border-t pt-6">
          {today.isPlanFinished && !reviewing ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-md border border-success/40 bg-success/10 p-4 text-base"
            >
              <StaticIcon icon={PartyPopper} className="size-5 shrink-0 text-success" />
              <div className="flex-1">
                <p className="font-semibold">Plan complete!</p>
                <p className="text-sm text-muted-foreground">
                  You have read every day of {userPlan.plan.name}. Choose another plan to keep going.
                </p>
              </div>
              <Button asChild size="sm">
                <Link to="/bible-plans">Browse Reading Plans</Link>
              </Button>
            </div>
          ) : reviewing ? (
            <div className="flex flex-wrap items-center justify-between gap-3 text-base">
              <p className="text-muted-foreground">
                {isCompleted ? `You completed day ${today.shownDay}.` : `Day ${today.shownDay} is not completed yet.`}
              </p>
              <Button asChild variant="outline">
                <Link to={hrefForDay(today.currentDay)}>Back to today</Link>
              </Button>
            </div>
          ) : isCompleted ? (
            <div
              role="status"
              className="flex items-center gap-3 rounded-md border border-success/40 bg-success/10 p-4 text-base"
            >
              <StaticIcon icon={CheckCircle2} className="size-5 shrink-0 text-success" />
              <p className="font-medium">Today&apos;s reading completed! Come back tomorrow for your next devotional</p>
            </div>
          ) : (
            <completion.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3 text-base">
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="dayNumber" value={today.currentDay} />
              <input type="hidden" name="timeZone" value={timeZone} />
              <Button type="submit" size="lg">
                <StaticIcon icon={CheckCircle2} />
                Mark Complete
              </Button>
              <p className="text-sm text-muted-foreground">
                Finished the reading? Mark day {today.currentDay} complete.
              </p>
              {failure ? (
                <p role="alert" className="w-full text-sm text-destructive">
                  <strong>Failed to mark complete: </strong>
                  {failure}
                </p>
              ) : null}
            </completion.Form>
          )}
        </section>

        <NextSteps keys={nextSteps} />

        {commentaryAuthors.length > 0 ? (
          <CommentaryFold
            authors={commentaryAuthors}
            href={reviewing ? `/today/commentary?day=${today.shownDay}` : "/today/commentary"}
          />
        ) : null}
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
