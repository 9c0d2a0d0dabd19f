import { ChevronDown, ScrollText } from "lucide-react";
import { CommentaryPanel } from "~/components/commentary/commentary-panel";
import type { CommentaryPanelData } from "~/modules/bible/commentary.server";

/**
 * The classic commentaries on the day's passages, folded at every depth: further reading after
 * the devotional, one line until the reader opens it (a native <details>, so without scripts too).
 */
export function CommentaryFold({ panels }: { panels: CommentaryPanelData[] }) {
  const authors = [...new Set(panels.flatMap((panel) => panel.sources.map((source) => source.author)))];
  return (
    <details className="group rounded-lg border bg-card text-card-foreground">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg p-4 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ScrollText className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="font-semibold">Go deeper: commentary</span>{" "}
          <span className="text-sm text-muted-foreground">from {authors.join(", ")}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="space-y-4 px-4 pb-4">
        {panels.map((panel) => (
          <CommentaryPanel key={panel.reference} commentary={panel} className="border-0 bg-transparent p-0" />
        ))}
      </div>
    </details>
  );
}
