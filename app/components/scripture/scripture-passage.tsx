import type { LaidOutVerse } from "~/modules/bible/layout";
import { scriptureBlocks } from "~/modules/bible/layout";
import { highlightStyles, type HighlightColor } from "~/modules/notes/colors";
import { cn } from "~/utils/cn";

/**
 * A passage set as Scripture: the serif of every quote in the app, prose in paragraphs, poetry one
 * verse a line in stanzas, small muted verse numbers, and a chapter label when the passage spans two.
 */
export function ScripturePassage({
  verses,
  highlights = {},
  className,
}: {
  verses: LaidOutVerse[];
  /** "chapter:verse" -> the colour the reader highlighted that verse in the Bible. */
  highlights?: Record<string, HighlightColor>;
  className?: string;
}) {
  const tint = (verse: LaidOutVerse) => {
    const color = highlights[`${verse.chapter}:${verse.verse}`];
    return color ? cn("rounded-sm [box-decoration-break:clone]", highlightStyles[color].tint) : undefined;
  };
  const blocks = scriptureBlocks(verses);
  const multiChapter = new Set(verses.map((verse) => verse.chapter)).size > 1;
  return (
    <div className={cn("space-y-4 font-scripture", className)}>
      {blocks.map((block, index) => {
        const first = block.verses[0]!;
        const chapterLabel =
          multiChapter && (index === 0 || blocks[index - 1]!.chapter !== block.chapter) ? (
            <p className="font-sans text-sm font-semibold text-muted-foreground">Chapter {block.chapter}</p>
          ) : null;
        const key = `${first.chapter}:${first.verse}`;
        if (block.kind === "poetry") {
          return (
            <div key={key} className={cn(first.start === "stanza" && index > 0 && "pt-1")}>
              {chapterLabel}
              <p className="space-y-0.5 pl-6">
                {block.verses.map((verse) => (
                  <span key={`${verse.chapter}:${verse.verse}`} className={cn("block -indent-6 pl-6", tint(verse))}>
                    <VerseNumber verse={verse.verse} />
                    {verse.text}
                  </span>
                ))}
              </p>
            </div>
          );
        }
        return (
          <div key={key}>
            {chapterLabel}
            <p>
              {block.verses.map((verse) => (
                <span key={`${verse.chapter}:${verse.verse}`}>
                  <span className={tint(verse)}>
                    <VerseNumber verse={verse.verse} />
                    {verse.text}
                  </span>{" "}
                </span>
              ))}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function VerseNumber({ verse }: { verse: number }) {
  return (
    <sup className="mr-1 select-none font-sans text-[0.62em] font-medium tabular-nums text-muted-foreground">
      {verse}
    </sup>
  );
}
