import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { AlertCircle, BookOpen, CalendarDays, CheckCircle2, Flame, PartyPopper } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { Markdown } from "~/components/today/markdown";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireUser } from "~/modules/auth/request.server";
import {
  completeDay,
  getTodayOverview,
  resolveTimeZone,
  type TodayDevotions,
  type TodayOverview,
  type TodayResponse,
} from "~/modules/plans/plans.server";
import { devotionLevelLabels, devotionLevels, type DevotionLevel } from "~/modules/plans/levels";
import { completeDaySchema } from "~/modules/plans/schemas";
import { apiRequest } from "~/utils/api-client";
import { parseWith } from "~/utils/api.server";
import { cn } from "~/utils/cn";
import { AppError } from "~/utils/errors";
import { browserTimeZone } from "~/utils/time-zone";

export const meta: MetaFunction = () => [{ title: "Today | Sagacity Bites" }];

/**
 * Cached or quickly written devotionals arrive with the page. When a model takes longer, the page
 * comes at once and asks the API for them (that request joins the generation under way).
 */
const WAIT_FOR_DEVOTIONS_MS = 1500;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  const timeZone = resolveTimeZone(user.id);
  const { overview, devotions } = getTodayOverview(user.id, { timeZone });
  const settings = getAiSettings();
  const ready = await Promise.race([
    devotions,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_DEVOTIONS_MS).unref()),
  ]);
  return {
    today: overview,
    devotions: ready,
    wordLimits: {
      beginner: settings.beginnerWordLimit,
      intermediate: settings.intermediateWordLimit,
      deep: settings.deepStudyWordLimit,
    } satisfies Record<DevotionLevel, number>,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = requireUser(request);
  const form = await request.formData();
  const id = crypto.randomUUID();
  try {
    if (form.get("intent") === "timeZone") {
      resolveTimeZone(user.id, String(form.get("timeZone") ?? ""));
      return { id, intent: "timeZone" as const };
    }
    const input = parseWith(completeDaySchema, {
      dayNumber: Number(form.get("dayNumber")),
      timeZone: form.get("timeZone") || undefined,
    });
    const timeZone = resolveTimeZone(user.id, input.timeZone);
    const result = completeDay(user.id, { dayNumber: input.dayNumber }, { timeZone });
    return { id, intent: "complete" as const, result };
  } catch (error) {
    if (error instanceof AppError) return data({ id, error: error.message }, { status: error.status });
    throw error;
  }
}

function NoActivePlan() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <CalendarDays className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No active reading plan</h2>
        <p className="max-w-md text-muted-foreground">
          Start a reading plan to receive a daily passage with devotionals at three depths.
        </p>
        <Button asChild className="mt-2">
          <Link to="/bible-plans">Browse Reading Plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function StreakCard({ streak }: { streak: number }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <Flame className={cn("size-8 shrink-0", streak > 0 ? "text-orange-500" : "text-muted-foreground")} aria-hidden="true" />
      <div>
        <p className="text-lg font-semibold leading-tight" data-testid="streak">
          <span className="text-2xl font-bold tabular-nums">{streak}</span> day streak
        </p>
        <p className="text-xs text-muted-foreground">
          {streak > 0 ? "Consecutive days with a completed reading" : "Complete today's reading to start a streak"}
        </p>
      </div>
    </Card>
  );
}

function PassageView({ passage, multiChapter }: { passage: TodayOverview["passages"][number]; multiChapter: boolean }) {
  const long = passage.verses.length > 30;
  const [expanded, setExpanded] = useState(!long);
  const verses = expanded ? passage.verses : passage.verses.slice(0, 12);
  const paragraphs: Array<{ chapter: number; verses: typeof verses }> = [];
  for (const verse of verses) {
    const last = paragraphs.at(-1);
    if (last && last.chapter === verse.chapter) last.verses.push(verse);
    else paragraphs.push({ chapter: verse.chapter, verses: [verse] });
  }
  return (
    <section aria-label={passage.reference} className="space-y-3">
      <h3 className="text-lg font-semibold">{passage.reference}</h3>
      <div className="max-w-prose space-y-3 text-[1.02rem] leading-relaxed">
        {paragraphs.map((paragraph) => (
          <div key={paragraph.chapter} className="space-y-1">
            {multiChapter ? <p className="font-sans text-sm font-semibold text-muted-foreground">Chapter {paragraph.chapter}</p> : null}
            <p>
              {paragraph.verses.map((verse) => (
                <span key={`${verse.chapter}:${verse.verse}`}>
                  <sup className="mr-0.5 font-sans text-[0.65rem] font-semibold text-muted-foreground">{verse.verse}</sup>
                  {verse.text}{" "}
                </span>
              ))}
            </p>
          </div>
        ))}
      </div>
      {long ? (
        <Button variant="outline" size="sm" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
          {expanded ? "Show less" : `Show the whole reading (${passage.verses.length} verses)`}
        </Button>
      ) : null}
    </section>
  );
}

function DevotionCard({
  level,
  wordLimit,
  preferred,
  children,
}: {
  level: DevotionLevel;
  wordLimit: number;
  preferred: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card
      className={cn("flex min-w-0 flex-col", preferred && "border-primary ring-2 ring-primary/60")}
      aria-labelledby={`devotion-${level}`}
      role="region"
    >
      <CardHeader className="space-y-1 pb-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`devotion-${level}`} className="text-lg">
            {devotionLevelLabels[level]}
          </CardTitle>
          {preferred ? <Badge>Your depth</Badge> : null}
        </div>
        <CardDescription>About {wordLimit} words</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 flex-1">{children}</CardContent>
    </Card>
  );
}

function Devotions({
  initial,
  today,
  wordLimits,
}: {
  initial: TodayDevotions | null;
  today: TodayOverview;
  wordLimits: Record<DevotionLevel, number>;
}) {
  const revalidator = useRevalidator();
  const [loaded, setLoaded] = useState<TodayDevotions | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    setLoaded(initial);
    setLoadError(null);
    if (initial) return;
    const controller = new AbortController();
    apiRequest<TodayResponse>("/api/plans/user-plans/today", { signal: controller.signal })
      .then((answer) => {
        // The day changed meanwhile (completed elsewhere, or midnight): reload the page's data.
        if (answer.userPlan?.id !== today.userPlan?.id || answer.currentDay !== today.currentDay) revalidator.revalidate();
        else setLoaded({ devotions: answer.devotions, devotionErrors: answer.devotionErrors });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : "The devotionals could not be loaded.");
      });
    return () => controller.abort();
    // Only a new loader answer starts a new request.
  }, [initial]);

  const retrying = revalidator.state !== "idle";
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      {devotionLevels.map((level) => {
        const devotion = loaded?.devotions.find((entry) => entry.level === level);
        const failure = loaded ? (loaded.devotionErrors.find((entry) => entry.level === level)?.error ?? "This devotional is not available right now.") : loadError;
        return (
          <DevotionCard key={level} level={level} wordLimit={wordLimits[level]} preferred={level === today.preferredLevel}>
            {devotion ? (
              <Markdown content={devotion.content} />
            ) : failure ? (
              <div className="space-y-3">
                <p className="flex gap-2 text-sm text-destructive">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {failure}
                </p>
                <Button variant="outline" size="sm" onClick={() => revalidator.revalidate()} disabled={retrying}>
                  {retrying ? "Generating..." : "Try again"}
                </Button>
              </div>
            ) : (
              <Spinner label="Generating..." showLabel className="justify-start py-6" />
            )}
          </DevotionCard>
        );
      })}
    </div>
  );
}

export default function TodayPage() {
  const { today, devotions, wordLimits } = useLoaderData<typeof loader>();
  const completion = useFetcher<typeof action>({ key: "complete-day" });
  const zoneSync = useFetcher<typeof action>({ key: "time-zone" });
  const revalidator = useRevalidator();
  const [timeZone, setTimeZone] = useState("");
  const synced = useRef(false);

  // The server judges "today" in the reader's zone; tell it when the browser's differs.
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    setTimeZone(zone);
    if (!synced.current && zone !== today.timeZone) {
      synced.current = true;
      zoneSync.submit({ intent: "timeZone", timeZone: zone }, { method: "post" });
    }
  }, [today.timeZone, zoneSync]);

  const shown = useRef<string | null>(null);
  useEffect(() => {
    const answer = completion.data;
    if (!answer || completion.state !== "idle" || shown.current === answer.id) return;
    shown.current = answer.id;
    if ("error" in answer) {
      toast({ id: answer.id, title: "Failed to mark complete", description: answer.error, variant: "destructive" });
      // A failed action does not revalidate on its own; the page must show the server's truth.
      revalidator.revalidate();
    } else if (answer.intent === "complete") {
      toast({ id: answer.id, title: "Day completed!", description: "Keep up the great work on your reading journey" });
    }
  }, [completion.data, completion.state, revalidator]);

  const optimistic = completion.state !== "idle" && completion.formData?.get("intent") === "complete";
  const isCompleted = today.isCompleted || optimistic;
  const streak = optimistic && !today.completedToday ? today.streak + 1 : today.streak;

  const userPlan = today.userPlan;
  if (!userPlan || today.currentDay === null) {
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title="Today" description="Your daily reading and devotional" />
        <NoActivePlan />
      </div>
    );
  }

  const completedDays = userPlan.completedDays + (optimistic && !today.isCompleted ? 1 : 0);
  const multiChapter = (passage: TodayOverview["passages"][number]) => new Set(passage.verses.map((verse) => verse.chapter)).size > 1;

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
            <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-success/40 bg-success/10 p-3">
              <PartyPopper className="size-5 shrink-0 text-success" aria-hidden="true" />
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
            <div role="status" className="flex items-center gap-3 rounded-md border border-success/40 bg-success/10 p-3">
              <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
              <p className="font-medium">Today&apos;s reading completed! Come back tomorrow for your next devotional</p>
            </div>
          ) : (
            <completion.Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="dayNumber" value={today.currentDay} />
              <input type="hidden" name="timeZone" value={timeZone} />
              <Button type="submit">
                <CheckCircle2 aria-hidden="true" />
                Mark Complete
              </Button>
              <p className="text-sm text-muted-foreground">Finished the reading? Mark day {today.currentDay} complete.</p>
            </completion.Form>
          )}
        </Card>
        <StreakCard streak={streak} />
      </div>

      <Card>
        <CardHeader className="pb-4">
          <div className="flex flex-wrap items-center gap-2">
            <BookOpen className="size-5 text-primary" aria-hidden="true" />
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
