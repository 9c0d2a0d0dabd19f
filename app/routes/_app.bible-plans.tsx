import { HelpPopover } from "~/components/help-popover";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookOpen, CalendarDays, CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/components/ui/use-toast";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireUser } from "~/modules/auth/request.server";
import { listPlans, resolveTimeZone, startPlan } from "~/modules/plans/plans.server";
import { DEFAULT_PLAN_TRANSLATION } from "~/modules/plans/levels";
import { startPlanSchema } from "~/modules/plans/schemas";
import { parseWith } from "~/utils/api.server";
import { AppError } from "~/utils/errors";
import { browserTimeZone } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [{ title: "Reading Plans | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  const settings = getAiSettings();
  return {
    plans: listPlans(user.id),
    wordLimits: {
      beginner: settings.beginnerWordLimit,
      intermediate: settings.intermediateWordLimit,
      deep: settings.deepStudyWordLimit,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = requireUser(request);
  const form = await request.formData();
  try {
    const input = parseWith(startPlanSchema, {
      planId: form.get("planId") ?? undefined,
      translation: form.get("translation") || undefined,
      timeZone: form.get("timeZone") || undefined,
    });
    resolveTimeZone(user.id, input.timeZone);
    startPlan(user.id, input);
  } catch (error) {
    if (error instanceof AppError) {
      return data({ error: error.message, id: crypto.randomUUID() }, { status: error.status });
    }
    throw error;
  }
  // SPEC §7's "Visit Today to see your first devotional" would send a reader already on Today away.
  return redirectWithToast("/today", {
    title: "Plan started!",
    description: "Your reading and devotional are below",
  });
}

const planTypeLabels: Record<string, string> = { book: "Book", passage: "Passage", canonical: "Canonical" };

function DepthLevelsHelp({ wordLimits }: { wordLimits: { beginner: number; intermediate: number; deep: number } }) {
  return (
    <HelpPopover label="About depth levels" title="Devotional depth levels">
      <p className="text-muted-foreground">
        Every day of a plan comes with three devotionals on the day&apos;s reading. Read the one that fits you, or all
        three.
      </p>
      <dl className="space-y-2">
        <div>
          <dt className="font-medium">Beginner</dt>
          <dd className="text-muted-foreground">
            About {wordLimits.beginner} words: a key verse in plain words, one step to take and a short prayer.
          </dd>
        </div>
        <div>
          <dt className="font-medium">Intermediate</dt>
          <dd className="text-muted-foreground">
            About {wordLimits.intermediate} words: the flow of the passage, cross-references, questions and application.
          </dd>
        </div>
        <div>
          <dt className="font-medium">Deep Study</dt>
          <dd className="text-muted-foreground">
            About {wordLimits.deep} words: background, word study, more cross-references and questions for reflection.
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        Your preferred depth is highlighted on Today; change it on your{" "}
        <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
          Profile
        </Link>
        .
      </p>
    </HelpPopover>
  );
}

export default function ReadingPlansPage() {
  const { plans, wordLimits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const timeZone = hydrated ? (browserTimeZone() ?? "") : "";
  const startingPlanId = navigation.state !== "idle" ? navigation.formData?.get("planId") : null;

  useEffect(() => {
    if (actionData?.error) {
      toast({
        id: actionData.id,
        title: "Failed to start plan",
        description: actionData.error,
        variant: "destructive",
      });
    }
  }, [actionData]);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Reading Plans"
        description="Guided journeys through Scripture, each day with a devotional at three depths."
        actions={<DepthLevelsHelp wordLimits={wordLimits} />}
      />
      {!hydrated && actionData?.error ? (
        <p role="alert" className="mb-4 text-sm font-medium text-destructive">
          {actionData.error}
        </p>
      ) : null}
      {plans.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
            <BookOpen className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-semibold">No plans available yet</p>
            <p className="text-muted-foreground">Reading plans will be added soon</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => {
            const starting = startingPlanId === plan.id;
            const progress = plan.progress;
            return (
              <li key={plan.id}>
                <Card className="flex h-full flex-col">
                  <CardHeader className="space-y-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="secondary">{planTypeLabels[plan.planType] ?? plan.planType}</Badge>
                      <Badge variant="outline" className="gap-1">
                        <CalendarDays className="size-3" aria-hidden="true" />
                        {plan.daysCount} days
                      </Badge>
                      {progress?.isActive ? <Badge>Active</Badge> : null}
                      {progress?.isFinished ? (
                        <Badge variant="success" className="gap-1">
                          <CheckCircle2 className="size-3" aria-hidden="true" />
                          Finished
                        </Badge>
                      ) : null}
                    </div>
                    <CardTitle className="text-lg">{plan.name}</CardTitle>
                    <CardDescription>{plan.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="mt-auto space-y-3 text-sm">
                    {plan.firstReading ? (
                      <p>
                        <span className="text-muted-foreground">Day 1: </span>
                        {plan.firstReading}
                      </p>
                    ) : null}
                    {progress ? (
                      <div className="space-y-1">
                        <p className="text-muted-foreground">
                          {progress.completedDays} of {plan.daysCount} days completed
                        </p>
                        <Progress value={progress.completedDays} max={plan.daysCount} label={`${plan.name} progress`} />
                      </div>
                    ) : null}
                  </CardContent>
                  <CardFooter>
                    {progress?.isActive ? (
                      <Button asChild variant="outline" className="w-full">
                        <Link to="/today">Go to Today</Link>
                      </Button>
                    ) : (
                      <Form method="post" className="w-full">
                        <input type="hidden" name="planId" value={plan.id} />
                        <input type="hidden" name="translation" value={DEFAULT_PLAN_TRANSLATION} />
                        <input type="hidden" name="timeZone" value={timeZone} />
                        <Button type="submit" className="w-full" disabled={Boolean(startingPlanId)}>
                          {starting ? (
                            "Starting..."
                          ) : (
                            <>
                              {progress ? "Resume Plan" : "Start Plan"}
                              <span className="sr-only"> {plan.name}</span>
                            </>
                          )}
                        </Button>
                      </Form>
                    )}
                  </CardFooter>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
