import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { BookOpen, CheckCircle2, PartyPopper } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { useEffect, useRef } from "react";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/components/ui/use-toast";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireUser } from "~/modules/auth/request.server";
import type { DevotionLevel } from "~/modules/plans/levels";
import {
  completeTodayReading,
  getTodayOverview,
  readTimeZone,
  resolveTimeZone,
  type TodayPassage,
} from "~/modules/plans/plans.server";
import { todayFormSchema } from "~/modules/plans/schemas";
import { AppError } from "~/utils/errors";
import { browserTimeZone } from "~/utils/time-zone";
import { useHydrated } from "~/utils/use-hydrated";
import { redirectWithToast } from "~/utils/toast.server";
import { devotionalHtml } from "~/components/today/markdown.server";
import { CommentaryPanel } from "~/components/commentary/commentary-panel";
import { commentaryPanelForReference } from "~/modules/bible/commentary.server";
import { Devotions } from "./devotionals";
import { NoActivePlan } from "./no-active-plan";
import { PassageView } from "./passage-view";
import { StreakCard } from "./streak-card";
import { firstErrorMessage, replyWithoutEcho } from "~/utils/form-reply";
import { GroupPlanOffers } from "~/components/groups/group-plan-offers";
import { groupPlanOffers } from "~/modules/groups/groups.server";

export const meta: MetaFunction = () => [{ title: "Today | Sagacity Bites" }];

/**
 * Cached or quickly written devotionals arrive with the page. When a model takes longer, the page
 * comes at once and asks the API for them (that request joins the generation under way).
 */
const WAIT_FOR_DEVOTIONS_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  const timeZone = readTimeZone(user.id);
  const { overview, devotions } = getTodayOverview(user.id, { timeZone });
  const settings = getAiSettings();
  const ready = await Promise.race([
    devotions,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_DEVOTIONS_MS).unref()),
  ]);
  return {
    // The page shows the verses; the passage's text in one piece is for API clients.
    today: { ...overview, passages: overview.passages.map(({ reference, verses }) => ({ reference, verses })) },
    devotions: ready && {
      devotions: ready.devotions.map(({ level, wordLimit, content }) => ({
        level,
        wordLimit,
        html: devotionalHtml(content),
      })),
      devotionErrors: ready.devotionErrors,
    },
    // Matthew Henry on each of the day's passages.
    commentary: overview.references.flatMap((reference) => commentaryPanelForReference(reference) ?? []),
    wordLimits: {
      beginner: settings.beginnerWordLimit,
      intermediate: settings.intermediateWordLimit,
      deep: settings.deepStudyWordLimit,
    } satisfies Record<DevotionLevel, number>,
    groupPlans: groupPlanOffers(user.id, { timeZone }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: todayFormSchema });
  const id = crypto.randomUUID();
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Unknown action");
    // The values are not echoed: the forms are hidden fields, and a hostile one could be huge.
    return data({ id, result: replyWithoutEcho(submission, { resetForm: true }), error: message }, { status: 400 });
  }
  const form = submission.value;
  try {
    if (form.intent === "timeZone") {
      resolveTimeZone(user.id, form.timeZone);
      return { id };
    }
    completeTodayReading(user.id, form);
  } catch (error) {
    if (error instanceof AppError) return data({ id, error: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithToast(
    "/today",
    { title: "Day completed!", description: "Keep up the great work on your reading journey" },
    { "X-Remix-Replace": "true" },
  );
}

export default function TodayPage() {
  const { today, devotions, wordLimits, groupPlans, commentary } = useLoaderData<typeof loader>();
  const completion = useFetcher<typeof action>({ key: "complete-day" });
  const zoneSync = useFetcher<typeof action>({ key: "time-zone" });
  const revalidator = useRevalidator();
  const timeZone = useHydrated() ? (browserTimeZone() ?? "") : "";
  const synced = useRef(false);

  // The server judges "today" in the reader's zone; tell it when the browser's differs.
  useEffect(() => {
    if (!timeZone || synced.current || timeZone === today.timeZone) return;
    synced.current = true;
    zoneSync.submit({ intent: "timeZone", timeZone }, { method: "post" });
  }, [timeZone, today.timeZone, zoneSync]);

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

  // SPEC §4: shown completed, with the streak one higher, until the server answers.
  const optimistic = completion.state !== "idle" && completion.formData?.get("intent") === "complete";
  const isCompleted = today.isCompleted || optimistic;
  const streak = optimistic && !today.completedToday ? today.streak + 1 : today.streak;

  const userPlan = today.userPlan;
  if (!userPlan || today.currentDay === null) {
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title="Today" description="Your daily reading and devotional" />
        <GroupPlanOffers offers={groupPlans} />
        <NoActivePlan />
      </div>
    );
  }

  const completedDays = userPlan.completedDays + (optimistic && !today.isCompleted ? 1 : 0);
  const multiChapter = (passage: Pick<TodayPassage, "verses">) =>
    new Set(passage.verses.map((verse) => verse.chapter)).size > 1;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Today"
        description={
          <>
            {userPlan.plan.name} · Day {today.currentDay} of {userPlan.plan.daysCount}
          </>
        }
      />
      <GroupPlanOffers offers={groupPlans} />

      <div className="grid gap-4 md:grid-cols-[1fr_auto]">
        <Card className="space-y-3 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium">{today.references.join("; ")}</span>
            <span className="text-muted-foreground">
              {completedDays} of {userPlan.plan.daysCount} completed
            </span>
          </div>
          <Progress value={completedDays} max={userPlan.plan.daysCount} label="Plan progress" />
          {today.isPlanFinished ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-md border border-success/40 bg-success/10 p-3"
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
          ) : isCompleted ? (
            <div
              role="status"
              className="flex items-center gap-3 rounded-md border border-success/40 bg-success/10 p-3"
            >
              <StaticIcon icon={CheckCircle2} className="size-5 shrink-0 text-success" />
              <p className="font-medium">Today&apos;s reading completed! Come back tomorrow for your next devotional</p>
            </div>
          ) : (
            <completion.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="dayNumber" value={today.currentDay} />
              <input type="hidden" name="timeZone" value={timeZone} />
              <Button type="submit">
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
        </Card>
        <StreakCard streak={streak} />
      </div>

      <Card>
        <CardHeader className="pb-4">
          <div className="flex flex-wrap items-center gap-2">
            <StaticIcon icon={BookOpen} className="size-5 text-primary" />
            <CardTitle className="text-lg">Today&apos;s Reading</CardTitle>
            {today.translation ? (
              <Badge variant="outline">
                {today.translation.shownName} ({today.translation.shown})
              </Badge>
            ) : null}
          </div>
          {today.translation?.note ? <CardDescription>{today.translation.note}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {today.passages.map((passage) => (
            <PassageView key={passage.reference} passage={passage} multiChapter={multiChapter(passage)} />
          ))}
          {commentary.map((panel) => (
            <CommentaryPanel key={panel.reference} commentary={panel} />
          ))}
        </CardContent>
      </Card>

      <section aria-labelledby="devotionals-heading" className="space-y-3">
        <h2 id="devotionals-heading" className="text-xl font-semibold">
          Devotionals
        </h2>
        <Devotions initial={devotions} today={today} wordLimits={wordLimits} />
      </section>
    </div>
  );
}
