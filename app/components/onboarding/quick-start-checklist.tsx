import { Link } from "@remix-run/react";
import { ChevronDown, Circle, CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { QUICK_START_COLLAPSED_COOKIE, quickStartItems } from "~/modules/onboarding/quick-start";
import { cn } from "~/utils/cn";

export interface OnboardingFlags {
  hasCompletedWelcome: boolean;
  hasStartedPlan: boolean;
  hasCreatedStudy: boolean;
  hasVisitedLibrary: boolean;
  onboardingCompletedAt: string | null;
}

function rememberCollapsed(userId: string, collapsed: boolean) {
  document.cookie = collapsed
    ? `${QUICK_START_COLLAPSED_COOKIE}=${encodeURIComponent(userId)}; path=/; max-age=31536000; samesite=lax`
    : `${QUICK_START_COLLAPSED_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/**
 * SPEC §4 Quick Start: four steps completed by the onboarding flags, progress i/4 with a bar.
 * Collapsible (remembered per user in a cookie); shown only while onboardingCompletedAt is empty
 * (SPEC §2). Its congratulation is the dashboard's QuickStartCongratulation, which stays until
 * dismissed, whichever page finished the last step.
 */
export function QuickStartChecklist({
  status,
  userId,
  initiallyCollapsed,
}: {
  status: OnboardingFlags;
  userId: string;
  initiallyCollapsed: boolean;
}) {
  const [collapsed, setCollapsedState] = useState(initiallyCollapsed);
  const stepsId = useId();
  const setCollapsed = (next: boolean) => {
    setCollapsedState(next);
    rememberCollapsed(userId, next);
  };
  const completed = quickStartItems.filter((item) => status[item.step]).length;
  const total = quickStartItems.length;

  if (status.onboardingCompletedAt) return null;

  return (
    <section aria-labelledby="quick-start-title">
      <Card>
        {/* A plain disclosure button (no Radix Collapsible: the dashboard's first download stays small). */}
        <CardHeader className="gap-3 space-y-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <CardTitle id="quick-start-title" className="text-lg">
                Quick Start
              </CardTitle>
              <CardDescription>A few first steps to get the most out of your study</CardDescription>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <span className="text-sm font-semibold tabular-nums">
                {completed}/{total}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={collapsed ? "Expand Quick Start" : "Collapse Quick Start"}
                aria-expanded={!collapsed}
                aria-controls={stepsId}
                onClick={() => setCollapsed(!collapsed)}
              >
                <ChevronDown className={cn("transition-transform", !collapsed && "rotate-180")} aria-hidden="true" />
              </Button>
            </div>
          </div>
          <Progress value={completed} max={total} label="Quick Start progress" />
        </CardHeader>
        <CardContent id={stepsId} hidden={collapsed}>
          <ul className="space-y-3">
            {quickStartItems.map((item) => {
              const done = status[item.step];
              return (
                <li key={item.key} className="flex items-center gap-3">
                  {done ? (
                    <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
                  ) : (
                    <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  {!done && item.to ? (
                    <Link
                      to={item.to}
                      prefetch="intent"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <span className={cn(done ? "text-muted-foreground" : "font-medium")}>{item.label}</span>
                  )}
                  <span className="sr-only">{done ? "(completed)" : "(not yet done)"}</span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
