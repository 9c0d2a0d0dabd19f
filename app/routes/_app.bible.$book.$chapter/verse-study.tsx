import { Form, Link } from "@remix-run/react";
import { GraduationCap, Tags, X } from "lucide-react";
import { useId } from "react";
import type { VerseStudy } from "~/modules/bible/reader.server";
import { Button } from "~/components/ui/button";
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
      <StudyFromHere study={study} />
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

/** "Study John 3:16 to verse [18]": a passage lesson on the verses chosen from the tapped one on. */
function StudyFromHere({ study }: { study: VerseStudy }) {
  const selectId = useId();
  const ends = Array.from(
    { length: Math.min(study.lastVerse - study.verse, 40) },
    (_, index) => study.verse + index + 1,
  );
  return (
    <Form method="post" action="/lesson-plans" className="flex flex-wrap items-center gap-2 border-b pb-4 text-sm">
      <input type="hidden" name="studyType" value="passage" />
      {ends.length ? (
        <>
          <label htmlFor={selectId} className="text-muted-foreground">
            From {study.reference} to verse
          </label>
          <select
            id={selectId}
            name="reference"
            defaultValue={study.reference}
            className="h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value={study.reference}>{study.verse} (this verse)</option>
            {ends.map((end) => (
              <option key={end} value={`${study.reference}-${end}`}>
                {end}
              </option>
            ))}
          </select>
        </>
      ) : (
        <input type="hidden" name="reference" value={study.reference} />
      )}
      <Button type="submit" variant="outline" size="sm">
        <GraduationCap aria-hidden="true" />
        Study
      </Button>
    </Form>
  );
}
