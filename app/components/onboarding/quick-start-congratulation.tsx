import { useFetcher } from "@remix-run/react";
import { PartyPopper } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * SPEC §4's congratulation once the four Quick Start steps are done, shown on the dashboard until
 * dismissed (stored on the server), so finishing the last step on another page is congratulated too.
 */
export function QuickStartCongratulation() {
  const dismissal = useFetcher();
  const hydrated = useHydrated();
  // Gone as soon as Dismiss is pressed; the server keeps it gone.
  if (dismissal.state !== "idle" || dismissal.data) return null;
  return (
    <section
      aria-label="Congratulations"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-success/40 bg-success/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div role="status" className="flex items-center gap-3">
        <PartyPopper className="size-5 shrink-0 text-success" aria-hidden="true" />
        <p className="font-medium">Congratulations! You&apos;ve completed the Quick Start.</p>
      </div>
      <dismissal.Form method="post" action="/resources/onboarding">
        <input type="hidden" name="intent" value="dismiss-quick-start" />
        {/* Without scripts the form comes back to the dashboard. */}
        {hydrated ? null : <input type="hidden" name="redirectTo" value="/" />}
        <Button type="submit" variant="outline" size="sm">
          Dismiss
        </Button>
      </dismissal.Form>
    </section>
  );
}
