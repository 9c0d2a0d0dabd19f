import { useRevalidator } from "@remix-run/react";
import { BookOpen, CalendarDays, Library } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/use-toast";
import { apiRequest } from "~/utils/api-client";

type Closing = "skip" | "start" | null;

/** Outside clicks on the accessibility panel or a toast must not count as closing the welcome. */
function isKeptOpenBy(target: EventTarget | null) {
  return target instanceof Element && Boolean(target.closest("[data-a11y-panel], [aria-label^='Notifications']"));
}

/**
 * SPEC §4: shown while hasCompletedWelcome is false. Skip for Now, Get Started or closing it sends
 * hasCompletedWelcome true, then closes (the buttons say Closing... meanwhile) and the status is
 * refetched. It is not modal, so the page behind stays usable and readable.
 */
export function WelcomeDialog({ show }: { show: boolean }) {
  const revalidator = useRevalidator();
  const [closed, setClosed] = useState(false);
  const [closing, setClosing] = useState<Closing>(null);

  async function finish(via: Exclude<Closing, null>) {
    if (closing) return;
    setClosing(via);
    try {
      await apiRequest("/api/onboarding/progress", { method: "PATCH", body: { hasCompletedWelcome: true } });
    } catch (error) {
      if (!(error instanceof Error && "status" in error && error.status === 401)) {
        toast({
          title: "Error",
          description: error instanceof Error && error.message ? error.message : "Failed to update onboarding progress",
          variant: "destructive",
        });
      }
    } finally {
      setClosing(null);
      setClosed(true);
      revalidator.revalidate();
    }
  }

  const open = show && !closed;
  return (
    <>
      {/* A dimmed backdrop for focus that lets clicks through: the dialog is not modal. */}
      {open ? (
        <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 bg-black/40 animate-in fade-in-0" />
      ) : null}
      <Dialog
        open={open}
        modal={false}
        onOpenChange={(open) => {
          if (!open) void finish("skip");
        }}
      >
        <DialogContent
          className="shadow-2xl"
          onInteractOutside={(event) => {
            if (closing || isKeptOpenBy(event.target)) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (closing) event.preventDefault();
          }}
        >
          <DialogHeader>
            <DialogTitle className="text-xl">Welcome to your study space</DialogTitle>
            <DialogDescription>
              Everything here is meant to help you grow in faith and lead others well. A few things you can do:
            </DialogDescription>
          </DialogHeader>
          <ul className="space-y-3 text-sm">
            <li className="flex gap-3">
              <BookOpen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>Create an AI study from a topic or a passage, ready for your small group.</span>
            </li>
            <li className="flex gap-3">
              <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>Follow a guided plan through Scripture with a devotional at your depth each day.</span>
            </li>
            <li className="flex gap-3">
              <Library className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>Summarize sermons and articles and keep what you learn in one place.</span>
            </li>
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => void finish("skip")} disabled={closing !== null}>
              {closing === "skip" ? "Closing..." : "Skip for Now"}
            </Button>
            <Button onClick={() => void finish("start")} disabled={closing !== null}>
              {closing === "start" ? "Closing..." : "Get Started"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
