import { ChevronDown } from "lucide-react";
import { ScripturePassage } from "~/components/scripture/scripture-passage";
import { previewPassages } from "~/components/today/passage-preview";
import type { HighlightColor } from "~/modules/notes/colors";
import type { TodayPassage } from "~/modules/plans/today.server";

/** A passage with the reader's highlights on its verses ("chapter:verse" -> colour). */
type ShownPassage = Pick<TodayPassage, "reference" | "verses"> & { highlights?: Record<string, HighlightColor> };

/**
 * The day's reading as its first step: the opening verses, then the rest behind one native
 * <details> (it opens without scripts), so on a phone the devotional starts on the first screen
 * instead of after several screens of chapters.
 */
export function PassageView({ passages }: { passages: ShownPassage[] }) {
  const { opening, rest, restVerses } = previewPassages(passages);
  const first = passages[0];
  if (!first) return null;
  return (
    <section aria-label={first.reference} className="space-y-3">
      <h3 className="text-xl font-semibold">{first.reference}</h3>
      <ScripturePassage verses={opening} highlights={first.highlights} />
      {rest.length > 0 ? (
        <details className="group space-y-4">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md text-base font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
            <span className="group-open:hidden">
              Read the whole passage{" "}
              <span className="font-normal text-muted-foreground">
                ({restVerses} more {restVerses === 1 ? "verse" : "verses"})
              </span>
            </span>
            <span className="hidden group-open:inline">Fold the passage</span>
          </summary>
          {rest.map((part) =>
            part.continued ? (
              <ScripturePassage
                key={`${part.passage.reference}-rest`}
                verses={part.verses}
                highlights={part.passage.highlights}
              />
            ) : (
              <section key={part.passage.reference} aria-label={part.passage.reference} className="space-y-3">
                <h3 className="text-xl font-semibold">{part.passage.reference}</h3>
                <ScripturePassage verses={part.verses} highlights={part.passage.highlights} />
              </section>
            ),
          )}
        </details>
      ) : null}
    </section>
  );
}
