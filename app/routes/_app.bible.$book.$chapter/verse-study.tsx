import { Link } from "@remix-run/react";
import { Tags, X } from "lucide-react";
import { useId } from "react";
import type { VerseStudy } from "~/modules/bible/reader.server";
import { VerseMarks, type ShareGroup, type VerseMark } from "./verse-marks";

/**
 * A tapped verse: the reader's highlight, bookmark and notes on it, its best cross-references with
 * their text (each opens in the reader), and its Nave's topics.
 */
export function VerseStudyPanel({
  study,
  marks,
  groups,
  closeHref,
}: {
  study: VerseStudy;
  marks: VerseMark[];
  groups: ShareGroup[];
  closeHref: string;
}) {
  // The panel is in the page twice (beside the text on a wide screen, after the verse on a phone).
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground">
      <header className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {study.reference}
        </h2>
        <Link
          to={closeHref}
          replace
          preventScrollReset
          aria-label={`Close the study of ${study.reference}`}
          className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden="true" />
        </Link>
      </header>
      <VerseMarks reference={study.reference} marks={marks} groups={groups} />
      <div className="space-y-2">
        <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cross-references</h3>
        {study.crossReferences.length ? (
          <ul className="space-y-3 text-sm">
            {study.crossReferences.map((entry) => (
              <li key={entry.reference}>
                <Link to={entry.href} className="font-medium text-primary underline-offset-4 hover:underline">
                  {entry.reference}
                </Link>
                <p className="font-scripture leading-relaxed text-muted-foreground">{entry.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No cross-references for this verse.</p>
        )}
      </div>
      {study.topics.length ? (
        <div className="space-y-2">
          <h3 className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
            <Tags className="size-3.5" aria-hidden="true" />
            Nave&apos;s topics
          </h3>
          <ul className="flex flex-wrap gap-1.5 text-sm">
            {study.topics.map((topic) => (
              <li key={topic.name} className="rounded-full border px-2.5 py-0.5">
                {topic.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
