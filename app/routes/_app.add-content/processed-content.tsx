import { Link } from "@remix-run/react";
import { Library, Plus, Sparkles } from "lucide-react";
import type { Ref } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

/** The summary and learning bites of what was just processed, with where to go next. */
export function ProcessedContent({
  result,
  headingRef,
  addAnotherHref,
  onAddAnother,
}: {
  result: { title: string; summary: string; learningBites: string[] };
  headingRef: Ref<HTMLHeadingElement>;
  addAnotherHref: string;
  onAddAnother: () => void;
}) {
  return (
    <Card aria-live="polite">
      <CardHeader>
        <p className="text-sm font-medium text-primary">Processed content</p>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold leading-tight tracking-tight outline-none">
          {result.title}
        </h2>
      </CardHeader>
      <CardContent className="space-y-5">
        <section aria-labelledby="result-summary">
          <h3 id="result-summary" className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Summary
          </h3>
          <p className="max-w-prose leading-relaxed">{result.summary}</p>
        </section>
        <section aria-labelledby="result-bites">
          <h3 id="result-bites" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Key Insights
          </h3>
          <ul className="space-y-2">
            {result.learningBites.map((bite, index) => (
              <li key={index} className="flex gap-2 leading-relaxed">
                <Sparkles className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{bite}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/library">
              <Library aria-hidden="true" />
              View in Library
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={addAnotherHref} onClick={onAddAnother} preventScrollReset>
              <Plus aria-hidden="true" />
              Add Another
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
