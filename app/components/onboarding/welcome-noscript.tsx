import { buttonVariants } from "~/components/ui/button";
import {
  WELCOME_DESCRIPTION,
  WELCOME_TITLE,
  WelcomeNameField,
  WelcomeTimeQuestion,
  type FirstPlanOption,
} from "./welcome-content";

/**
 * The welcome for a browser without JavaScript (the dialog's code is loaded after hydration):
 * the same text in a server-rendered form that marks the welcome done and comes back here.
 * Inside <noscript>, so a browser that runs scripts never shows it.
 */
export function WelcomeNoScript({
  redirectTo,
  options,
  defaultMinutes,
}: {
  redirectTo: string;
  options: FirstPlanOption[];
  defaultMinutes: number;
}) {
  return (
    <noscript>
      <section
        aria-labelledby="welcome-noscript-title"
        className="mb-8 space-y-4 rounded-lg border bg-card p-6 shadow-sm"
      >
        <h2 id="welcome-noscript-title" className="text-xl font-semibold">
          {WELCOME_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">{WELCOME_DESCRIPTION}</p>
        <form method="post" action="/resources/onboarding" className="space-y-4">
          <WelcomeTimeQuestion idPrefix="welcome-noscript-minutes" options={options} defaultMinutes={defaultMinutes} />
          <WelcomeNameField id="welcome-noscript-name" />
          <div className="flex flex-wrap justify-end gap-2">
            <input type="hidden" name="step" value="hasCompletedWelcome" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className={buttonVariants({ variant: "outline" })}>
              Skip for Now
            </button>
            <button type="submit" name="intent" value="start" className={buttonVariants()}>
              Get Started
            </button>
          </div>
        </form>
      </section>
    </noscript>
  );
}
