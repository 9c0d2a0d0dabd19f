import { ScripturePassage } from "~/components/scripture/scripture-passage";
import type { TodayPassage } from "~/modules/plans/plans.server";

/** The whole reading, as it is the page's main text now (no "show more" between the reader and it). */
export function PassageView({ passage }: { passage: Pick<TodayPassage, "reference" | "verses"> }) {
  return (
    <section aria-label={passage.reference} className="space-y-3">
      <h3 className="text-xl font-semibold">{passage.reference}</h3>
      <ScripturePassage verses={passage.verses} />
    </section>
  );
}
