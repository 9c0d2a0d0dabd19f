import { useFetcher, useRevalidator } from "@remix-run/react";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import type { DevotionFailure } from "~/modules/plans/devotionals.server";
import type { LateDevotions, TodayOverview } from "~/modules/plans/plans.server";
import { devotionLevelLabels, devotionLevels, type DevotionLevel } from "~/modules/plans/levels";
import { cn } from "~/utils/cn";
import { useLazyModule } from "~/utils/lazy";

/**
 * A devotional as the page shows it: rendered by the server (cached with the page), or as
 * markdown from the API when it was still being written as the page was sent.
 */
type ShownDevotion = { level: DevotionLevel } & ({ html: string } | { content: string });
export interface ShownDevotions {
  devotions: ShownDevotion[];
  devotionErrors: DevotionFailure[];
}

// The markdown renderer is needed only when a devotional arrives after the page: not in its first download.
const loadMarkdown = () => import("~/components/today/markdown");

function LateMarkdown({ content }: { content: string }) {
  const markdown = useLazyModule(loadMarkdown, "now");
  if (!markdown) return <Spinner label="Loading..." className="justify-start py-6" />;
  return <markdown.Markdown content={content} />;
}

export function DevotionCard({
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

export function Devotions({
  initial,
  today,
  wordLimits,
}: {
  initial: ShownDevotions | null;
  today: Pick<TodayOverview, "userPlan" | "currentDay" | "preferredLevel">;
  wordLimits: Record<DevotionLevel, number>;
}) {
  const revalidator = useRevalidator();
  // Devotionals that were not ready with the page come from the page's own /today/devotions.
  const late = useFetcher<LateDevotions>();
  const { load } = late;

  // Each new loader answer without devotionals (a new object, even when they are still missing) asks again.
  useEffect(() => {
    if (!initial) load("/today/devotions");
  }, [initial, today, load]);

  const answer = !initial && late.state === "idle" ? late.data : undefined;
  // The day changed meanwhile (completed elsewhere, or midnight): reload the page's data.
  const stale =
    answer !== undefined &&
    (answer.userPlanId !== (today.userPlan?.id ?? null) || answer.currentDay !== today.currentDay);
  const revalidatedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!stale || revalidatedFor.current === answer) return;
    revalidatedFor.current = answer;
    revalidator.revalidate();
  }, [stale, answer, revalidator]);

  const loaded: ShownDevotions | null = initial ?? (answer && !stale && !("error" in answer) ? answer : null);
  const loadError = answer && "error" in answer && answer.error ? answer.error : null;

  const retrying = revalidator.state !== "idle";
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      {devotionLevels.map((level) => {
        const devotion = loaded?.devotions.find((entry) => entry.level === level);
        const failure = loaded
          ? (loaded.devotionErrors.find((entry) => entry.level === level)?.error ??
            "This devotional is not available right now.")
          : loadError;
        return (
          <DevotionCard
            key={level}
            level={level}
            wordLimit={wordLimits[level]}
            preferred={level === today.preferredLevel}
          >
            {devotion ? (
              // The server's own rendering of the markdown (see components/today/markdown.server).
              "html" in devotion ? (
                <div dangerouslySetInnerHTML={{ __html: devotion.html }} />
              ) : (
                <LateMarkdown content={devotion.content} />
              )
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
              <>
                <Spinner
                  label="Generating..."
                  showLabel
                  className="justify-start py-6 [@media(scripting:none)]:hidden"
                />
                {/* Without scripts nothing fetches them when they are ready: the reader asks again. */}
                <p className="hidden py-6 text-sm text-muted-foreground [@media(scripting:none)]:block">
                  Still being written.{" "}
                  <a href="/today" className="font-medium text-primary underline-offset-4 hover:underline">
                    Check again
                  </a>{" "}
                  in a few seconds.
                </p>
              </>
            )}
          </DevotionCard>
        );
      })}
    </div>
  );
}
