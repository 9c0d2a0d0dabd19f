import { ChevronDown } from "lucide-react";
import { useMemo, useState } from "react";
import { MarkdownView } from "~/components/markdown";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { splitStudySections } from "~/modules/lesson-format/markdown";
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
      headingClass={() => "mt-5 text-lg font-semibold first:mt-0"}
      className={cn("space-y-3", className)}
    />
  );
}

/** Every section looks the same (a rule and a heading); the key ones also fold. */
const sectionClass = "scroll-mt-36 space-y-3 lg:scroll-mt-20 border-t pt-5 first:border-t-0 first:pt-0 print:pt-3";
const headingClass = "text-xl font-semibold tracking-tight";

/** The anchor of a study's section, for the section list beside the lesson. */
export function studySectionId(index: number) {
  return `lesson-section-${index + 1}`;
}

function CollapsibleSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section id={id} className={sectionClass} data-section-title={title}>
        <h3 className={headingClass}>
          <CollapsibleTrigger className="-mx-2 flex w-[calc(100%+1rem)] items-center justify-between gap-3 rounded-md px-2 py-1 text-left max-md:min-h-11 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring print:pointer-events-none">
            <span>{title}</span>
            <ChevronDown
              className={cn(
                "size-5 shrink-0 text-muted-foreground transition-transform print:hidden",
                open && "rotate-180",
              )}
              aria-hidden="true"
            />
          </CollapsibleTrigger>
        </h3>
        <CollapsibleContent>{children}</CollapsibleContent>
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
    <div className="space-y-6 print:space-y-3">
      {parts.overview ? (
        <section id="lesson-overview" aria-labelledby="study-overview" className={sectionClass}>
          <h3 id="study-overview" className={headingClass}>
            Overview
          </h3>
          <StudyMarkdown source={parts.overview} texts={texts} />
        </section>
      ) : null}
      {parts.sections.map((section, index) =>
        section.collapsible ? (
          <CollapsibleSection key={`${index}-${section.title}`} id={studySectionId(index)} title={section.title}>
            <StudyMarkdown source={section.body} texts={texts} />
          </CollapsibleSection>
        ) : (
          <section
            key={`${index}-${section.title}`}
            id={studySectionId(index)}
            className={sectionClass}
            data-section-title={section.title}
          >
            <h3 className={headingClass}>{section.title}</h3>
            <StudyMarkdown source={section.body} texts={texts} />
          </section>
        ),
      )}
    </div>
  );
}
