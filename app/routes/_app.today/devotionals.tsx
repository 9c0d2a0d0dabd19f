import { useRevalidator } from "@remix-run/react";
import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Markdown } from "~/components/today/markdown";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import type { TodayDevotions, TodayOverview, TodayResponse } from "~/modules/plans/plans.server";
import { devotionLevelLabels, devotionLevels, type DevotionLevel } from "~/modules/plans/levels";
import { apiRequest } from "~/utils/api-client";
import { cn } from "~/utils/cn";
import { useLatest } from "~/utils/use-latest";

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
  initial: TodayDevotions | null;
  today: TodayOverview;
  wordLimits: Record<DevotionLevel, number>;
}) {
  const revalidator = useRevalidator();
  const revalidate = useLatest(revalidator.revalidate);
  const [loaded, setLoaded] = useState<TodayDevotions | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [shownInitial, setShownInitial] = useState(initial);
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setLoaded(initial);
    setLoadError(null);
  }

  // Each loader answer without the devotionals asks for them.
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    apiRequest<TodayResponse>("/api/plans/user-plans/today", { signal: controller.signal })
      .then((answer) => {
        // The day changed meanwhile (completed elsewhere, or midnight): reload the page's data.
        if (answer.userPlan?.id !== today.userPlan?.id || answer.currentDay !== today.currentDay) void revalidate.current();
        else setLoaded({ devotions: answer.devotions, devotionErrors: answer.devotionErrors });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : "The devotionals could not be loaded.");
      });
    return () => controller.abort();
  }, [initial, today, revalidate]);

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
