import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { TitledDialog } from "~/components/titled-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { toast } from "~/components/ui/use-toast";
import {
  WELCOME_DESCRIPTION,
  WELCOME_TITLE,
  WelcomeNameField,
  WelcomeTimeQuestion,
  type FirstPlanOption,
} from "./welcome-content";

type Closing = "skip" | "start" | null;

/** What POST /resources/onboarding answers a fetcher. */
interface OnboardingActionResult {
  result: { status?: "success" | "error"; error?: Record<string, string[] | null> | null };
}

/** Outside clicks on the accessibility panel or a toast must not count as closing the welcome. */
function isKeptOpenBy(target: EventTarget | null) {
  return target instanceof Element && Boolean(target.closest("[data-a11y-panel], [aria-label^='Notifications']"));
}

/**
 * SPEC §4: shown while hasCompletedWelcome is false. Skip for Now, Get Started or closing it posts
 * hasCompletedWelcome to the onboarding action, then closes (the buttons say Closing... meanwhile);
 * the fetcher's submission reloads the page's data, so the status is fresh. Get Started also starts
 * the plan suggested for the answer to "How much time a day?", and the action opens its first day
 * on Today. It is not modal, so the page behind stays usable and readable.
 */
export function WelcomeDialog({
  show,
  options,
  defaultMinutes,
}: {
  show: boolean;
  options: FirstPlanOption[];
  defaultMinutes: number;
}) {
  const fetcher = useFetcher<OnboardingActionResult>();
  const [closed, setClosed] = useState(false);
  const [closing, setClosing] = useState<Closing>(null);
  // Closing ends when the submission has gone out and come back, not on the idle state before it.
  const sent = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.state !== "idle") {
      sent.current = true;
      return;
    }
    if (!closing || !sent.current) return;
    sent.current = false;
    const failed = fetcher.data?.result.status === "error";
    if (failed) {
      const message = Object.values(fetcher.data?.result.error ?? {}).flat()[0];
      toast({ title: "Error", description: message || "Failed to update onboarding progress", variant: "destructive" });
    }
    setClosing(null);
    setClosed(true);
  }, [closing, fetcher.state, fetcher.data]);

  function finish(via: Exclude<Closing, null>) {
    if (closing) return;
    setClosing(via);
    const form = new FormData(formRef.current ?? undefined);
    const name = via === "start" ? String(form.get("displayName") ?? "").trim() : "";
    fetcher.submit(
      {
        step: "hasCompletedWelcome",
        ...(via === "start" ? { intent: "start", minutes: String(form.get("minutes") ?? defaultMinutes) } : {}),
        ...(name ? { displayName: name } : {}),
      },
      { method: "post", action: "/resources/onboarding" },
    );
  }

  const open = show && !closed;
  return (
    <>
      {/* A dimmed backdrop for focus that lets clicks through: the dialog is not modal. */}
      {open ? (
        <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 bg-black/40 animate-in fade-in-0" />
      ) : null}
      <TitledDialog
        open={open}
        modal={false}
        onOpenChange={(open) => {
          if (!open) finish("skip");
        }}
        title={WELCOME_TITLE}
        titleClassName="text-xl"
        description={WELCOME_DESCRIPTION}
        className="shadow-2xl"
        onInteractOutside={(event) => {
          if (closing || isKeptOpenBy(event.target)) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (closing) event.preventDefault();
        }}
      >
        <form
          ref={formRef}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            finish("start");
          }}
        >
          <WelcomeTimeQuestion idPrefix="welcome-minutes" options={options} defaultMinutes={defaultMinutes} />
          <WelcomeNameField id="welcome-name" />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => finish("skip")} disabled={closing !== null}>
            {closing === "skip" ? "Closing..." : "Skip for Now"}
          </Button>
          <Button onClick={() => finish("start")} disabled={closing !== null}>
            {closing === "start" ? "Closing..." : "Get Started"}
          </Button>
        </DialogFooter>
      </TitledDialog>
    </>
  );
}
