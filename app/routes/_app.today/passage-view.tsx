import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { TodayPassage } from "~/modules/plans/plans.server";

export function PassageView({
  passage,
  multiChapter,
}: {
  passage: Pick<TodayPassage, "reference" | "verses">;
  multiChapter: boolean;
}) {
  const long = passage.verses.length > 30;
  const [expanded, setExpanded] = useState(!long);
  const verses = expanded ? passage.verses : passage.verses.slice(0, 12);
  const paragraphs: Array<{ chapter: number; verses: typeof verses }> = [];
  for (const verse of verses) {
    const last = paragraphs.at(-1);
    if (last && last.chapter === verse.chapter) last.verses.push(verse);
    else paragraphs.push({ chapter: verse.chapter, verses: [verse] });
  }
  return (
    <section aria-label={passage.reference} className="space-y-3">
      <h3 className="text-lg font-semibold">{passage.reference}</h3>
      <div className="max-w-prose space-y-3 text-[1.02rem] leading-relaxed">
        {paragraphs.map((paragraph) => (
          <div key={paragraph.chapter} className="space-y-1">
            {multiChapter ? (
              <p className="font-sans text-sm font-semibold text-muted-foreground">Chapter {paragraph.chapter}</p>
            ) : null}
            <p>
              {paragraph.verses.map((verse) => (
                <span key={`${verse.chapter}:${verse.verse}`}>
                  <sup className="mr-0.5 font-sans text-[0.65rem] font-semibold text-muted-foreground">
                    {verse.verse}
                  </sup>
                  {verse.text}{" "}
                </span>
              ))}
            </p>
          </div>
        ))}
      </div>
      {long ? (
        <Button variant="outline" size="sm" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
          {expanded ? "Show less" : `Show the whole reading (${passage.verses.length} verses)`}
        </Button>
      ) : null}
    </section>
  );
}
