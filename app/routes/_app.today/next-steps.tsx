import { Link, useFetcher } from "@remix-run/react";
import { ArrowRight, BookOpen, Library, Users, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { NextStepKey } from "~/modules/onboarding/first-week";
import { useHydrated } from "~/utils/use-hydrated";

const steps: Record<NextStepKey, { label: string; to: string; Icon: typeof BookOpen }> = {
  lesson: { label: "Make a lesson from a passage or a topic", to: "/lesson-plans", Icon: BookOpen },
  group: { label: "Read with others: start or join a group", to: "/groups", Icon: Users },
  library: { label: "Keep a sermon's insights in your library", to: "/library", Icon: Library },
};

/**
 * Days 2 to 7 of a new reader, after the reading: a few things they have not tried yet. Dismissed
 * once, it never comes back (stored on the server); with JavaScript it goes at once.
 */
export function NextSteps({ keys }: { keys: NextStepKey[] }) {
  const dismissal = useFetcher();
  const hydrated = useHydrated();
  if (keys.length === 0 || dismissal.state !== "idle" || dismissal.data) return null;
  return (
    <section aria-labelledby="next-steps-heading" className="space-y-2 rounded-lg border bg-card p-4 text-base">
      <div className="flex items-center justify-between gap-2">
        <h2 id="next-steps-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          What to try next
        </h2>
        <dismissal.Form method="post" action="/resources/onboarding">
          <input type="hidden" name="intent" value="dismiss-next-steps" />
          {hydrated ? null : <input type="hidden" name="redirectTo" value="/today" />}
          <Button type="submit" variant="ghost" size="icon" aria-label="Dismiss what to try next">
            <X aria-hidden="true" />
          </Button>
        </dismissal.Form>
      </div>
      <ul className="space-y-1">
        {keys.map((key) => {
          const { label, to, Icon } = steps[key];
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex min-h-11 items-center gap-3 rounded-md px-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
