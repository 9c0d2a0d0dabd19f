import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { WriterCredit } from "~/components/studies/writer-credit";
import type { DevotionExcerpt } from "~/modules/plans/excerpt.server";
import type { WriterOfText } from "~/modules/ai/writer";
import type { DevotionFailure } from "~/modules/plans/devotionals.server";
import type { LateDevotions, TodayOverview } from "~/modules/plans/today.server";
import { devotionLevelLabels, devotionLevels, type DevotionLevel } from "~/modules/plans/levels";
import { cn } from "~/utils/cn";
import { useLazyModule } from "~/utils/lazy";

type Excerpt = DevotionExcerpt;

/**
 * A devotional as the page shows it: rendered by the server (cached with the page; only the open
 * depth's comes in full, the others' opening lines for their cards), or as markdown from the API
 * when it was still being written as the page was sent.
 */
type ShownDevotion = { level: DevotionLevel; excerpt?: Excerpt; writer: WriterOfText } & (
  { html: string } | { content: string } | { html?: undefined }
);
export interface ShownDevotions {
  devotions: ShownDevotion[];
  devotionErrors: DevotionFailure[];
}

export interface DevotionState {
  devotion: ShownDevotion | undefined;
  excerpt: Excerpt | null;
  failure: string | null;
}

// The markdown renderer is needed only when a devotional arrives after the page: not in its first download.
const loadMarkdown = () => import("~/components/today/markdown");

function LateMarkdown({ content }: { content: string }) {
  const markdown = useLazyModule(loadMarkdown, "now");
  if (!markdown) return <Spinner label="Loading..." className="justify-start py-6" />;
  return <markdown.Markdown content={content} className="reading-prose" />;
}

/**
 * The devotionals of the shown day: those that came with the page, else asked for from the page's
 * own /today/devotions (which joins the generation under way).
 */
export function useDevotions(
  initial: ShownDevotions | null,
  today: Pick<TodayOverview, "userPlan" | "shownDay">,
): { states: Record<DevotionLevel, DevotionState>; retry: () => void; retrying: boolean } {
  const revalidator = useRevalidator();
  const late = useFetcher<LateDevotions>();
  const { load } = late;
  useEffect(() => {
    if (!initial) load(`/today/devotions${today.shownDay ? `?day=${today.shownDay}` : ""}`);
  }, [initial, today, load]);

  const answer = !initial && late.state === "idle" ? late.data : undefined;
  // The day changed meanwhile (completed elsewhere, or midnight): reload the page's data.
  const stale =
    answer !== undefined && (answer.userPlanId !== (today.userPlan?.id ?? null) || answer.shownDay !== today.shownDay);
  const revalidatedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!stale || revalidatedFor.current === answer) return;
    revalidatedFor.current = answer;
    revalidator.revalidate();
  }, [stale, answer, revalidator]);

  const loaded: ShownDevotions | null = initial ?? (answer && !stale && !("error" in answer) ? answer : null);
  const loadError = answer && "error" in answer && answer.error ? answer.error : null;
  const states = Object.fromEntries(
    devotionLevels.map((level) => {
      const devotion = loaded?.devotions.find((entry) => entry.level === level);
      const failure = devotion
        ? null
        : loaded
          ? (loaded.devotionErrors.find((entry) => entry.level === level)?.error ??
            "This devotional is not available right now.")
          : loadError;
      const excerpt = devotion?.excerpt ?? null;
      return [level, { devotion, excerpt, failure }];
    }),
  ) as Record<DevotionLevel, DevotionState>;
  return { states, retry: () => revalidator.revalidate(), retrying: revalidator.state !== "idle" };
}

function Pending() {
  return (
    <>
      <Spinner label="Generating..." showLabel className="justify-start py-3 [@media(scripting:none)]:hidden" />
      {/* Without scripts nothing fetches them when they are ready: the reader asks again. */}
      <p className="hidden py-3 text-sm text-muted-foreground [@media(scripting:none)]:block">
        Still being written.{" "}
        <a href="/today" className="font-medium text-primary underline-offset-4 hover:underline">
          Check again
        </a>{" "}
        in a few seconds.
      </p>
    </>
  );
}

function Failure({ message, retry, retrying }: { message: string; retry: () => void; retrying: boolean }) {
  return (
    <div className="space-y-3">
      <p className="flex gap-2 text-sm text-destructive">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={retry} disabled={retrying}>
        {retrying ? "Generating..." : "Try again"}
      </Button>
    </div>
  );
}

/**
 * SPEC §2: three cards side by side, one a depth. Here they are a compact chooser (the title, about
 * how many words, the first lines); the chosen one opens below in the reading column. Each card is a
 * link, so choosing works without scripts.
 */
export function DepthCards({
  states,
  wordLimits,
  preferred,
  chosen,
  hrefFor,
}: {
  states: Record<DevotionLevel, DevotionState>;
  wordLimits: Record<DevotionLevel, number>;
  preferred: DevotionLevel;
  chosen: DevotionLevel;
  hrefFor: (level: DevotionLevel) => string;
}) {
  return (
    <div className="hidden gap-3 md:grid md:grid-cols-3">
      {devotionLevels.map((level) => {
        const { excerpt, failure, devotion } = states[level];
        const current = level === chosen;
        return (
          <section
            key={level}
            aria-labelledby={`devotion-${level}`}
            className={cn(
              "relative flex min-w-0 flex-col gap-1.5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/60",
              current && "border-primary bg-accent/40 ring-1 ring-primary/60",
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`devotion-${level}`} className="text-base font-semibold">
                <Link
                  to={hrefFor(level)}
                  replace
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {devotionLevelLabels[level]}
                </Link>
              </h2>
              {level === preferred ? <Badge variant={current ? "default" : "secondary"}>Your depth</Badge> : null}
            </div>
            <p className="text-xs text-muted-foreground">About {wordLimits[level]} words</p>
            {excerpt ? (
              <>
                {excerpt.title ? <h3 className="text-sm font-medium leading-snug">{excerpt.title}</h3> : null}
                <p className="line-clamp-3 text-sm text-muted-foreground">{excerpt.opening}</p>
              </>
            ) : devotion ? null : failure ? (
              <p className="flex gap-2 text-sm text-destructive">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {failure}
              </p>
            ) : (
              <div className="relative z-10">
                <Pending />
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** On a phone the depths are a segmented control above the text (links: no scripts needed). */
export function DepthSwitch({
  chosen,
  preferred,
  hrefFor,
}: {
  chosen: DevotionLevel;
  preferred: DevotionLevel;
  hrefFor: (level: DevotionLevel) => string;
}) {
  return (
    <nav aria-label="Devotional depth" className="md:hidden">
      <ul className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {devotionLevels.map((level) => (
          <li key={level}>
            <Link
              to={hrefFor(level)}
              replace
              preventScrollReset
              aria-current={level === chosen ? "true" : undefined}
              className={cn(
                "flex min-h-11 flex-col items-center justify-center rounded-md px-2 text-center text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                level === chosen && "bg-background text-foreground shadow-sm",
              )}
            >
              {devotionLevelLabels[level]}
              {level === preferred ? <span className="text-[0.7rem] font-normal">Your depth</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The chosen devotional in full, in the reading column. */
export function DevotionBody({
  level,
  state,
  wordLimit,
  retry,
  retrying,
}: {
  level: DevotionLevel;
  state: DevotionState;
  wordLimit: number;
  retry: () => void;
  retrying: boolean;
}) {
  const { devotion, failure } = state;
  return (
    <article aria-labelledby="devotional-heading" className="render-when-near space-y-3">
      <h2
        id="devotional-heading"
        className="scroll-mt-20 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
      >
        {/* The length on a line of its own on a phone: two lines whatever the font, so the text
            below does not move when Inter arrives after the first paint (one line or two, by font). */}
        Devotional · {devotionLevelLabels[level]}
        <span className="hidden sm:inline"> ·</span> <span className="block sm:inline">about {wordLimit} words</span>
      </h2>
      {devotion ? (
        "content" in devotion ? (
          <LateMarkdown content={devotion.content} />
        ) : devotion.html !== undefined ? (
          // The server's own rendering of the markdown (see components/today/markdown.server).
          <div className="reading-prose" dangerouslySetInnerHTML={{ __html: devotion.html }} />
        ) : (
          // Another depth was open when the page came: its text is on its way.
          <Spinner label="Loading..." className="justify-start py-6" />
        )
      ) : failure ? (
        <Failure message={failure} retry={retry} retrying={retrying} />
      ) : (
        <Pending />
      )}
      {devotion ? <WriterCredit writer={devotion.writer} /> : null}
    </article>
  );
}
