import { Link, useSearchParams } from "@remix-run/react";
import { Bookmark, NotebookPen } from "lucide-react";
import { Fragment } from "react";
import { scriptureBlocks } from "~/modules/bible/layout";
import type { ChapterText as ChapterTextData, VerseStudy } from "~/modules/bible/reader.server";
import { cn } from "~/utils/cn";
import type { TaggedWord } from "~/modules/bible/strongs.server";
import { highlightStyles } from "~/modules/notes/colors";
import type { VerseMarks as Marks } from "~/modules/notes/notes.server";
import { TaggedText } from "./tagged-text";
import type { ShareGroup, VerseMark } from "./verse-marks";
import { VerseStudyPanel } from "./verse-study";

/** A link to this chapter with some search parameters changed (null removes one), or to another chapter. */
export type ReaderHref = (changes: Record<string, string | null>, target?: string) => string;

type Verse = ChapterTextData["verses"][number];

/** A verse number that opens the verse's study (cross-references, topics): a link, so it works without scripts. */
function VerseNumber({
  verse,
  selected,
  href,
  mark,
}: {
  verse: number;
  selected: boolean;
  href: ReaderHref;
  mark?: Marks;
}) {
  const held = [
    mark?.color ? `highlighted ${highlightStyles[mark.color].name.toLowerCase()}` : null,
    mark?.bookmark !== undefined ? "bookmarked" : null,
    mark?.notes ? `${mark.notes} ${mark.notes === 1 ? "note" : "notes"}` : null,
  ].filter(Boolean);
  return (
    <Link
      to={`${href({ v: selected ? null : String(verse) })}${selected ? "" : `#v${verse}`}`}
      replace
      preventScrollReset
      aria-label={
        selected
          ? `Verse ${verse}, close its study`
          : `Verse ${verse}${held.length ? ` (${held.join(", ")})` : ""}: mark it, cross-references and topics`
      }
      aria-current={selected ? "true" : undefined}
      className="relative mr-1 rounded-sm align-super font-sans text-[0.62em] font-medium tabular-nums text-muted-foreground no-underline after:absolute after:-inset-2 after:content-[''] hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:text-primary"
    >
      {verse}
      {mark?.bookmark !== undefined ? (
        <Bookmark className="ml-0.5 inline size-[1.1em] fill-primary align-[-0.1em] text-primary" aria-hidden="true" />
      ) : null}
      {mark?.notes ? (
        <NotebookPen className="ml-0.5 inline size-[1.1em] align-[-0.1em] text-primary" aria-hidden="true" />
      ) : null}
    </Link>
  );
}

function VerseSpan({
  verse,
  selected,
  href,
  mark,
  block,
  words,
  back,
}: {
  verse: Verse;
  selected: boolean;
  href: ReaderHref;
  /** The reader's highlight, bookmark and notes on this verse. */
  mark?: Marks;
  block?: boolean;
  /** The verse's words with Strong's numbers, when the reader studies words (KJV). */
  words?: TaggedWord[];
  back?: string;
}) {
  return (
    <span
      id={`v${verse.verse}`}
      className={cn(
        "scroll-mt-24 data-[reading=true]:rounded-sm data-[reading=true]:outline data-[reading=true]:outline-2 data-[reading=true]:outline-offset-2 data-[reading=true]:outline-primary/60",
        block && "block -indent-6 pl-6",
        (selected || mark?.color) && "rounded-sm [box-decoration-break:clone]",
        mark?.color ? highlightStyles[mark.color].tint : selected && "bg-primary/15",
        selected && mark?.color && "underline decoration-primary/60 decoration-2 underline-offset-[5px]",
      )}
    >
      <VerseNumber verse={verse.verse} selected={selected} href={href} mark={mark} />
      {words && back ? <TaggedText text={verse.text} words={words} back={back} /> : verse.text}
      {block ? null : " "}
    </span>
  );
}

/** The reader's marks on the chapter: what each verse shows, and the tapped verse's own in full. */
export interface ChapterMarks {
  byVerse: Record<number, Marks>;
  selected: VerseMark[];
  groups: ShareGroup[];
}

/** One translation set as Scripture: paragraphs, stanzas and poetry lines; the tapped verse's study after its block on a phone. */
function SetText({
  text,
  selected,
  marks,
  href,
  wordTags,
  back,
}: {
  text: ChapterTextData;
  selected: VerseStudy | null;
  marks: ChapterMarks;
  href: ReaderHref;
  wordTags: Record<number, TaggedWord[]> | null;
  back: string;
}) {
  const blocks = scriptureBlocks(text.verses);
  return (
    <div className="space-y-4 font-scripture text-lg leading-relaxed">
      {blocks.map((block) => {
        const first = block.verses[0]!;
        const holdsSelected = selected !== null && block.verses.some((verse) => verse.verse === selected.verse);
        const poetry = block.kind === "poetry";
        return (
          <Fragment key={first.verse}>
            <p className={cn(poetry && "space-y-0.5 pl-6", poetry && first.start === "stanza" && "pt-1")}>
              {block.verses.map((verse) => (
                <VerseSpan
                  key={verse.verse}
                  verse={verse}
                  selected={selected?.verse === verse.verse}
                  href={href}
                  mark={marks.byVerse[verse.verse]}
                  block={poetry}
                  words={wordTags?.[verse.verse]}
                  back={back}
                />
              ))}
            </p>
            {holdsSelected ? (
              <div className="font-sans text-base lg:hidden">
                <VerseStudyPanel
                  study={selected}
                  marks={marks.selected}
                  groups={marks.groups}
                  closeHref={href({ v: null })}
                />
              </div>
            ) : null}
          </Fragment>
        );
      })}
    </div>
  );
}

/**
 * The chapter in one translation, or two: verse beside verse at a tablet's width and up, and on a
 * phone one at a time with a switch between them (links: no scripts needed).
 */
export function ChapterText({
  primary,
  parallel,
  wordTags,
  selected,
  marks,
  href,
  back,
}: {
  primary: ChapterTextData;
  parallel: ChapterTextData | null;
  wordTags: Record<number, TaggedWord[]> | null;
  selected: VerseStudy | null;
  marks: ChapterMarks;
  href: ReaderHref;
  back: string;
}) {
  const [searchParams] = useSearchParams();
  if (!parallel)
    return <SetText text={primary} selected={selected} marks={marks} href={href} wordTags={wordTags} back={back} />;
  const side = searchParams.get("side") === "b" ? "b" : "a";
  const second = new Map(parallel.verses.map((verse) => [verse.verse, verse]));
  const numbers = [...new Set([...primary.verses, ...parallel.verses].map((verse) => verse.verse))].sort(
    (a, b) => a - b,
  );
  const first = new Map(primary.verses.map((verse) => [verse.verse, verse]));
  return (
    <div className="space-y-4">
      <nav aria-label="Translation shown" className="md:hidden">
        <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {(
            [
              ["a", primary],
              ["b", parallel],
            ] as const
          ).map(([key, text]) => (
            <li key={key}>
              <Link
                to={href({ side: key === "a" ? null : "b" })}
                replace
                preventScrollReset
                aria-current={side === key ? "true" : undefined}
                className={cn(
                  "flex min-h-11 items-center justify-center rounded-md px-2 text-sm font-medium text-muted-foreground",
                  side === key && "bg-background text-foreground shadow-sm",
                )}
              >
                {text.translationName} ({text.translation})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <table className="w-full border-separate border-spacing-x-0 border-spacing-y-2 font-scripture text-lg leading-relaxed">
        <caption className="sr-only">
          {primary.translationName} and {parallel.translationName}, verse by verse
        </caption>
        <thead className="hidden md:table-header-group">
          <tr>
            <th scope="col" className="w-1/2 pb-2 pr-4 text-left font-sans text-sm font-semibold text-muted-foreground">
              {primary.translationName} ({primary.translation})
            </th>
            <th scope="col" className="w-1/2 pb-2 pl-4 text-left font-sans text-sm font-semibold text-muted-foreground">
              {parallel.translationName} ({parallel.translation})
            </th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((number) => {
            const isSelected = selected?.verse === number;
            const a = first.get(number);
            const b = second.get(number);
            return (
              <Fragment key={number}>
                <tr>
                  <td className={cn("align-top md:pr-4", side === "b" && "hidden md:table-cell")}>
                    {a ? (
                      <VerseSpan
                        verse={a}
                        selected={isSelected}
                        href={href}
                        mark={marks.byVerse[number]}
                        words={wordTags?.[number]}
                        back={back}
                      />
                    ) : null}
                  </td>
                  <td className={cn("align-top md:border-l md:pl-4", side === "a" && "hidden md:table-cell")}>
                    {b ? (
                      <span className={cn(isSelected && "rounded-sm bg-primary/10")}>
                        <span className="mr-1 align-super font-sans text-[0.62em] font-medium tabular-nums text-muted-foreground">
                          {b.verse}
                        </span>
                        {b.text}
                      </span>
                    ) : null}
                  </td>
                </tr>
                {isSelected && selected ? (
                  <tr className="lg:hidden">
                    <td colSpan={2} className="font-sans text-base">
                      <VerseStudyPanel
                        study={selected}
                        marks={marks.selected}
                        groups={marks.groups}
                        closeHref={href({ v: null })}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
