import { ChevronDown, ScrollText } from "lucide-react";
import { useId, useState } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { CommentaryPanelSource } from "~/modules/bible/commentary.server";
import { cn } from "~/utils/cn";

type PanelSource = CommentaryPanelSource;

export interface CommentaryPanelProps {
  commentary: { reference: string; sources: PanelSource[] };
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

const words = (text: string) => text.split(/\s+/).length;

const subheading = "text-xs font-medium uppercase tracking-wide text-muted-foreground";

/** One commentary: its chapter introduction, its text on the key verse (the whole section on demand), the writers it quotes. */
function SourceBody({ source }: { source: PanelSource }) {
  const [open, setOpen] = useState(false);
  const { intro, section } = source;
  return (
    <div className="space-y-3 text-sm leading-relaxed">
      <p className="text-sm text-muted-foreground">
        {source.author} on {section?.reference ?? intro?.reference}
      </p>
      {intro ? (
        <div className="space-y-2">
          <h4 className={subheading}>Introduction to {intro.reference}</h4>
          <Paragraphs text={intro.text} />
        </div>
      ) : null}
      {section ? (
        <Collapsible open={open} onOpenChange={setOpen} className="space-y-2">
          <h4 className={subheading}>{section.reference}</h4>
          {open ? null : <Paragraphs text={section.excerpt} />}
          <CollapsibleContent className="space-y-2">
            <Paragraphs text={section.text} />
          </CollapsibleContent>
          {words(section.text) > words(section.excerpt) + 20 ? (
            <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-md text-left text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <ChevronDown
                className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
                aria-hidden="true"
              />
              {open ? "Show less" : `Read all of ${source.author} on ${section.reference}`}
            </CollapsibleTrigger>
          ) : null}
        </Collapsible>
      ) : null}
      {source.quotations.length > 0 ? (
        <div className="space-y-3">
          <h4 className={subheading}>Writers {source.author} quotes</h4>
          {source.quotations.map((quotation, index) => (
            <figure key={index} className="space-y-1 border-l-2 border-primary/40 pl-3">
              <blockquote>
                <p>{quotation.text}</p>
              </blockquote>
              <figcaption className="text-xs text-muted-foreground">
                {quotation.author} on {quotation.reference}
                <span className="sr-only">, </span>
                <span className="block">{quotation.attribution}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">Commentary: {source.credit}.</p>
    </div>
  );
}

/**
 * The classic commentaries on a passage, one tab per commentary that has text there (Radix
 * Tabs: arrow keys move between them, and without scripts every commentary shows in turn).
 */
export function CommentaryPanel({ commentary, className }: CommentaryPanelProps) {
  const headingId = useId();
  const { sources } = commentary;
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
        <span className="text-sm text-muted-foreground">on {commentary.reference}</span>
      </header>
      {sources.length === 1 ? (
        <SourceBody source={sources[0]!} />
      ) : (
        <Tabs defaultValue={sources[0]!.id}>
          <TabsList aria-label="Commentary" className="h-auto max-w-full flex-wrap justify-start">
            {sources.map((source) => (
              <TabsTrigger key={source.id} value={source.id}>
                {source.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {sources.map((source) => (
            <TabsContent key={source.id} value={source.id}>
              <SourceBody source={source} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </section>
  );
}
