import { useFetcher } from "@remix-run/react";
import { ChevronDown, ScrollText } from "lucide-react";
import { useState } from "react";
import { Spinner } from "~/components/ui/spinner";
import { useLazyModule } from "~/utils/lazy";
import type { loader as commentaryLoader } from "../_app.today_.commentary";

// The panels (tabs, folds) and their text load when the reader opens the fold: not in Today's first download.
const loadPanel = () => import("~/components/commentary/commentary-panel");

/**
 * The classic commentaries on the day's passages, folded at every depth: further reading after the
 * devotional, one line until the reader opens it (a native <details>). Opening it fetches the
 * commentary from /today/commentary; without scripts the fold links to that page instead.
 */
export function CommentaryFold({ authors, href }: { authors: string[]; href: string }) {
  const commentary = useFetcher<typeof commentaryLoader>();
  const [wanted, setWanted] = useState(false);
  const panelModule = useLazyModule(loadPanel, wanted ? "now" : "later");
  const panels = commentary.data?.panels;
  return (
    <details
      className="group rounded-lg border bg-card text-card-foreground"
      onToggle={(event) => {
        if (!event.currentTarget.open || wanted) return;
        setWanted(true);
        commentary.load(href);
      }}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg p-4 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ScrollText className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="font-semibold">Go deeper: commentary</span>{" "}
          <span className="text-sm text-muted-foreground">from {authors.join(", ")}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="space-y-4 px-4 pb-4">
        {panels && panelModule ? (
          panels.map((panel) => (
            <panelModule.CommentaryPanel
              key={panel.reference}
              commentary={panel}
              className="border-0 bg-transparent p-0"
            />
          ))
        ) : wanted ? (
          <Spinner label="Loading the commentary..." showLabel className="justify-start py-2" />
        ) : (
          <a href={href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Read the commentary
          </a>
        )}
      </div>
    </details>
  );
}
