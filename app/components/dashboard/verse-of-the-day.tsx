import { Link } from "@remix-run/react";
import { Sun } from "lucide-react";
import { Card } from "~/components/ui/card";

/** The day's verse, set as Scripture with its reference and translation; the reference opens it in the Bible reader. */
export function VerseOfTheDayCard({
  verse,
}: {
  verse: { reference: string; text: string; translation: string; translationCode: string };
}) {
  return (
    <Card className="p-5">
      <section aria-labelledby="verse-of-the-day" className="space-y-2">
        <h2
          id="verse-of-the-day"
          className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
        >
          <Sun className="size-4 text-primary" aria-hidden="true" />
          Verse of the day
        </h2>
        <figure className="space-y-1">
          <blockquote className="font-scripture text-lg leading-relaxed">
            <p>{verse.text}</p>
          </blockquote>
          <figcaption className="text-sm text-muted-foreground">
            <Link
              to={`/bible?${new URLSearchParams({ q: verse.reference, t: verse.translationCode.toLowerCase() })}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {verse.reference}
            </Link>{" "}
            <span className="text-xs">({verse.translation})</span>
          </figcaption>
        </figure>
      </section>
    </Card>
  );
}
