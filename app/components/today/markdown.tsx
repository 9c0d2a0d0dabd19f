import { MarkdownView } from "~/components/markdown";
import { cn } from "~/utils/cn";

const headingClasses: Record<number, string> = {
  3: "text-2xl font-semibold leading-snug tracking-tight",
  4: "mt-7 text-lg font-semibold",
  5: "mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground",
  6: "mt-4 text-sm font-semibold",
};

/**
 * Renders devotional markdown. Headings are shifted down by `headingOffset` so a "## " title
 * sits below the card's own heading in the page outline.
 */
export function Markdown({
  content,
  headingOffset = 1,
  className,
}: {
  content: string;
  headingOffset?: number;
  className?: string;
}) {
  return (
    <MarkdownView
      source={content}
      headingLevel={(level) => Math.min(6, Math.max(3, level + headingOffset)) as 3 | 4 | 5 | 6}
      headingClass={(level) => headingClasses[level]}
      className={cn("space-y-4", className)}
      classes={{ list: "space-y-1 pl-5" }}
    />
  );
}
