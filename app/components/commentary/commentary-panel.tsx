import { ChevronDown, ScrollText } from "lucide-react";
import { useId, useState } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { cn } from "~/utils/cn";

export interface CommentaryPanelProps {
  commentary: {
    reference: string;
    source: string;
    intro: { reference: string; text: string } | null;
    section: { reference: string; text: string; excerpt: string } | null;
  };
  className?: string;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, index) => (
          <p key={index}>{paragraph.trim()}</p>
        ))}
    </>
  );
}

/**
 * Matthew Henry on a passage: the chapter's introduction, then his paragraph on the key verse,
 * with the whole section one click away (a Radix Collapsible: a button with aria-expanded and
 * aria-controls, its content out of the reading order until opened).
 */
export function CommentaryPanel({ commentary, className }: CommentaryPanelProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const { intro, section } = commentary;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("space-y-3 rounded-lg border bg-card p-4 text-card-foreground", className)}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <ScrollText className="size-4 shrink-0 self-center text-primary" aria-hidden="true" />
        <h3 id={headingId} className="text-base font-semibold">
          Commentary
        </h3>
        <span className="text-sm text-muted-foreground">Matthew Henry on {commentary.reference}</span>
      </header>
      <div className="space-y-3 text-sm leading-relaxed">
        {intro ? (
          <div className="space-y-2">
            <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Introduction to {intro.reference}
            </h4>
            <Paragraphs text={intro.text} />
          </div>
        ) : null}
        {section ? (
          <Collapsible open={open} onOpenChange={setOpen} className="space-y-2">
            <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{section.reference}</h4>
            {open ? null : <Paragraphs text={section.excerpt} />}
            <CollapsibleContent className="space-y-2">
              <Paragraphs text={section.text} />
            </CollapsibleContent>
            <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
              {open ? "Show less" : `Read all of Matthew Henry on ${section.reference}`}
            </CollapsibleTrigger>
          </Collapsible>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">Commentary: {commentary.source}.</p>
    </section>
  );
}
