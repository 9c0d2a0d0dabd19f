import { HelpPopover } from "~/components/help-popover";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookOpen, CalendarDays, CheckCircle2, Clock } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Label } from "~/components/ui/label";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireUser } from "~/modules/auth/request.server";
import { resolveTimeZone } from "~/modules/plans/time-zones.server";
import { listPlans, startPlan } from "~/modules/plans/catalogue.server";
import { resolveTranslation, shippedTranslationNames, type ShippedTranslationCode } from "~/modules/bible/translations";
import { startPlanSchema } from "~/modules/plans/schemas";
import { cn } from "~/utils/cn";
import { invalidReply, refusalReply } from "~/utils/refusal.server";
import { browserTimeZone } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { useErrorToast } from "~/components/use-error-toast";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [{ title: "Reading Plans | Sagacity Bites" }];

/**
 * The translations this install can show, the settings' choice first. A choice it cannot ship
 * (NKJV, NIV, ESV) is shown in its stand-in, under that name, and still sent as asked (SPEC §9:
 * NKJV by default), so Today can say what it shows instead.
 */
function translationChoices(preferred: string) {
  const resolved = resolveTranslation(preferred);
  const codes = Object.keys(shippedTranslationNames) as ShippedTranslationCode[];
  return [resolved.shown, ...codes.filter((code) => code !== resolved.shown)].map((code) => ({
    value: code === resolved.shown ? resolved.requested : code,
    label: `${shippedTranslationNames[code]} (${code})`,
  }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const settings = getAiSettings();
  const plans = listPlans(user.id);
  return {
    // The plan being read first; the rest shortest first.
    plans: [...plans.filter((plan) => plan.progress?.isActive), ...plans.filter((plan) => !plan.progress?.isActive)],
    translations: translationChoices(settings.translation),
    wordLimits: {
      beginner: settings.beginnerWordLimit,
      intermediate: settings.intermediateWordLimit,
      deep: settings.deepStudyWordLimit,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: startPlanSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    resolveTimeZone(user.id, submission.value.timeZone);
    startPlan(user.id, submission.value);
  } catch (error) {
    return refusalReply(error, { submission });
  }
  // SPEC §4 and §7: on to /today, with the spec's toast word for word. (The welcome's Get Started,
  // issue 29's own path to Today, says what is below instead: resources.onboarding.tsx.)
  return redirectWithToast("/today", {
    title: "Plan started!",
    description: "Visit Today to see your first devotional",
  });
}

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
          <dt className="font-medium">
            Deep Study <span className="font-normal text-muted-foreground">(Advanced on your Profile)</span>
          </dt>
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

/** Length, time a day and what the plan reads, in plain words. */
function PlanFacts({ daysCount, minutesPerDay, covers }: { daysCount: number; minutesPerDay: number; covers: string }) {
  const facts = [
    { Icon: CalendarDays, text: `${daysCount} days` },
    ...(minutesPerDay > 0
      ? [{ Icon: Clock, text: `About ${minutesPerDay} ${minutesPerDay === 1 ? "minute" : "minutes"} a day` }]
      : []),
    ...(covers ? [{ Icon: BookOpen, text: covers }] : []),
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {facts.map(({ Icon, text }) => (
        <li key={text} className="flex items-center gap-1.5">
          <Icon className="size-4" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

export default function ReadingPlansPage() {
  const { plans, translations, wordLimits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const timeZone = hydrated ? (browserTimeZone() ?? "") : "";
  const startingPlanId = navigation.state !== "idle" ? navigation.formData?.get("planId") : null;
  const reading = plans.some((plan) => plan.progress?.isActive);

  useErrorToast(actionData, "Failed to start plan");

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Reading Plans"
        description="Guided journeys through Scripture, each day with a devotional at three depths."
        help={<DepthLevelsHelp wordLimits={wordLimits} />}
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
        // One form for every plan: the translation chosen once applies to the plan started (each
        // Start button sends its plan's id), with or without scripts.
        <Form method="post">
          <input type="hidden" name="timeZone" value={timeZone} />
          <div className="mb-6 flex flex-wrap items-end gap-x-4 gap-y-2">
            <div className="space-y-1.5">
              <Label htmlFor="plan-translation">Translation</Label>
              <select
                id="plan-translation"
                name="translation"
                aria-describedby="plan-translation-note"
                className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:h-11 sm:w-72"
              >
                {translations.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <p id="plan-translation-note" className="pb-2 text-sm text-muted-foreground">
              The plan you start is read in this translation on Today.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => {
              const starting = startingPlanId === plan.id;
              const progress = plan.progress;
              return (
                <li key={plan.id} className={cn(progress?.isActive && "sm:col-span-2 xl:col-span-3")}>
                  <Card
                    className={cn(
                      "flex h-full flex-col",
                      progress?.isActive && "border-primary bg-accent/40 ring-1 ring-primary",
                    )}
                  >
                    <CardHeader className="space-y-3">
                      {progress?.isActive || progress?.isFinished ? (
                        <div className="flex flex-wrap items-center gap-2">
                          {progress.isActive ? <Badge>You are reading this plan</Badge> : null}
                          {progress.isFinished ? (
                            <Badge variant="success" className="gap-1">
                              <CheckCircle2 className="size-3" aria-hidden="true" />
                              Finished
                            </Badge>
                          ) : null}
                        </div>
                      ) : null}
                      <CardTitle className="text-lg">{plan.name}</CardTitle>
                      <PlanFacts daysCount={plan.daysCount} minutesPerDay={plan.minutesPerDay} covers={plan.covers} />
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
                          <Progress
                            value={progress.completedDays}
                            max={plan.daysCount}
                            label={`${plan.name} progress`}
                          />
                        </div>
                      ) : null}
                    </CardContent>
                    <CardFooter>
                      {progress?.isActive ? (
                        <Button asChild className="w-full sm:w-auto">
                          <Link to="/today">Go to Today</Link>
                        </Button>
                      ) : (
                        <Button
                          type="submit"
                          name="planId"
                          value={plan.id}
                          // Beside the plan being read, the others are a quieter choice.
                          variant={reading ? "outline" : "default"}
                          className="w-full"
                          disabled={Boolean(startingPlanId)}
                        >
                          {starting ? (
                            "Starting..."
                          ) : (
                            <>
                              {progress ? "Resume Plan" : "Start Plan"}
                              <span className="sr-only"> {plan.name}</span>
                            </>
                          )}
                        </Button>
                      )}
                    </CardFooter>
                  </Card>
                </li>
              );
            })}
          </ul>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
