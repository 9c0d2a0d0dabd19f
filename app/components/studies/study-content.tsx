import { ChevronDown } from "lucide-react";
import { useMemo, useState } from "react";
import { MarkdownView } from "~/components/markdown";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { splitStudySections } from "~/modules/studies/markdown";
import { cn } from "~/utils/cn";
import { ScriptureBadge, type ScriptureTextEntry } from "./scripture-badge";

export type ScriptureTexts = Record<string, ScriptureTextEntry>;

/** Markdown as a study shows it, with scripture badges from `texts`. */
function StudyMarkdown({ source, texts, className }: { source: string; texts: ScriptureTexts; className?: string }) {
  return (
    <MarkdownView
      source={source}
      references={{
        has: (reference) => reference in texts,
        render: (reference) => <ScriptureBadge label={reference} entry={texts[reference]!} />,
      }}
      // Inside a study the page's h1, the study title (h2) and the section titles (h3) come first.
      headingLevel={(level) => (level <= 3 ? 4 : 5)}
      headingClass={() => "mt-4 text-base font-semibold first:mt-0"}
      className={cn("space-y-3 text-[0.95rem]", className)}
      classes={{
        quote: "bg-muted/40 font-serif text-[1.02rem] leading-relaxed",
      }}
    />
  );
}

function CollapsibleSection({ title, children }: { title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section className="rounded-lg border" data-section-title={title}>
        <h3 className="text-lg font-semibold">
          <CollapsibleTrigger className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <span>{title}</span>
            <ChevronDown
              className={cn("size-5 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
          </CollapsibleTrigger>
        </h3>
        <CollapsibleContent className="px-4 pb-4">{children}</CollapsibleContent>
      </section>
    </Collapsible>
  );
}

/**
 * A study as SPEC §2 shows it: the text before the first "## " as the Overview, then its
 * sections, the key ones collapsible; scripture references in parentheses as badges.
 */
export function StudyContent({ content, texts = {} }: { content: unknown; texts?: ScriptureTexts }) {
  const parts = useMemo(
    () => (typeof content === "string" && content.trim() ? splitStudySections(content) : null),
    [content],
  );
  if (!parts) return <p className="text-muted-foreground">Content unavailable</p>;
  return (
    <div className="space-y-4">
      {parts.overview ? (
        <section aria-labelledby="study-overview" className="rounded-lg bg-muted/40 p-4">
          <h3 id="study-overview" className="mb-2 text-lg font-semibold">
            Overview
          </h3>
          <StudyMarkdown source={parts.overview} texts={texts} />
        </section>
      ) : null}
      {parts.sections.map((section, index) =>
        section.collapsible ? (
          <CollapsibleSection key={`${index}-${section.title}`} title={section.title}>
            <StudyMarkdown source={section.body} texts={texts} />
          </CollapsibleSection>
        ) : (
          <section key={`${index}-${section.title}`} className="px-1" data-section-title={section.title}>
            <h3 className="mb-2 text-lg font-semibold">{section.title}</h3>
            <StudyMarkdown source={section.body} texts={texts} />
          </section>
        ),
      )}
    </div>
  );
}
