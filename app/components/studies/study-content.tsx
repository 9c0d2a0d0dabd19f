import { ChevronDown } from "lucide-react";
import { Fragment, useMemo, useState } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { parseMarkdown, splitStudySections, type Block, type Inline } from "~/modules/studies/markdown";
import { cn } from "~/utils/cn";
import { ScriptureBadge, type ScriptureTextEntry } from "./scripture-badge";

export type ScriptureTexts = Record<string, ScriptureTextEntry>;

function InlineNodes({ nodes, texts }: { nodes: Inline[]; texts: ScriptureTexts }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case "text":
            return <Fragment key={index}>{node.text}</Fragment>;
          case "strong":
            return (
              <strong key={index} className="font-semibold">
                <InlineNodes nodes={node.children} texts={texts} />
              </strong>
            );
          case "em":
            return (
              <em key={index}>
                <InlineNodes nodes={node.children} texts={texts} />
              </em>
            );
          case "code":
            return (
              <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
                {node.text}
              </code>
            );
          case "link":
            return (
              <a key={index} href={node.href} className="text-primary underline underline-offset-2" target="_blank" rel="noopener noreferrer nofollow">
                <InlineNodes nodes={node.children} texts={texts} />
              </a>
            );
          case "scripture":
            return <ScriptureBadge key={index} label={node.reference} entry={texts[node.reference]!} />;
          case "missing":
            return (
              <span key={index} className="text-sm italic text-destructive">
                {node.text}
              </span>
            );
        }
      })}
    </>
  );
}

function Blocks({ blocks, texts }: { blocks: Block[]; texts: ScriptureTexts }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading": {
            // Inside a study the page's h1, the study title (h2) and the section titles (h3) come first.
            const Tag = block.level <= 3 ? "h4" : "h5";
            return (
              <Tag key={index} className="mt-4 text-base font-semibold first:mt-0">
                <InlineNodes nodes={block.children} texts={texts} />
              </Tag>
            );
          }
          case "paragraph":
            return (
              <p key={index} className="leading-relaxed">
                <InlineNodes nodes={block.children} texts={texts} />
              </p>
            );
          case "list": {
            const items = block.items.map((item, itemIndex) => (
              <li key={itemIndex} className="pl-1 leading-relaxed">
                <InlineNodes nodes={item} texts={texts} />
              </li>
            ));
            return block.ordered ? (
              <ol key={index} start={block.start} className="list-decimal space-y-1.5 pl-6">
                {items}
              </ol>
            ) : (
              <ul key={index} className="list-disc space-y-1.5 pl-6">
                {items}
              </ul>
            );
          }
          case "quote":
            return (
              <blockquote key={index} className="space-y-2 border-l-4 border-primary/40 bg-muted/40 py-2 pl-4 pr-3 font-serif text-[1.02rem] leading-relaxed">
                <Blocks blocks={block.blocks} texts={texts} />
              </blockquote>
            );
          case "rule":
            return <hr key={index} className="my-4 border-border" />;
        }
      })}
    </>
  );
}

/** Markdown rendered as React elements (never as HTML), with scripture badges from `texts`. */
export function Markdown({ source, texts, className }: { source: string; texts: ScriptureTexts; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source, (inside) => inside in texts), [source, texts]);
  return <div className={cn("space-y-3 text-[0.95rem]", className)}>{<Blocks blocks={blocks} texts={texts} />}</div>;
}

function CollapsibleSection({ title, children }: { title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section className="rounded-lg border">
        <h3 className="text-lg font-semibold">
          <CollapsibleTrigger className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <span>{title}</span>
            <ChevronDown className={cn("size-5 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden="true" />
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
  const parts = useMemo(() => (typeof content === "string" && content.trim() ? splitStudySections(content) : null), [content]);
  if (!parts) return <p className="text-muted-foreground">Content unavailable</p>;
  return (
    <div className="space-y-4">
      {parts.overview ? (
        <section aria-labelledby="study-overview" className="rounded-lg bg-muted/40 p-4">
          <h3 id="study-overview" className="mb-2 text-lg font-semibold">
            Overview
          </h3>
          <Markdown source={parts.overview} texts={texts} />
        </section>
      ) : null}
      {parts.sections.map((section, index) =>
        section.collapsible ? (
          <CollapsibleSection key={`${index}-${section.title}`} title={section.title}>
            <Markdown source={section.body} texts={texts} />
          </CollapsibleSection>
        ) : (
          <section key={`${index}-${section.title}`} className="px-1">
            <h3 className="mb-2 text-lg font-semibold">{section.title}</h3>
            <Markdown source={section.body} texts={texts} />
          </section>
        ),
      )}
    </div>
  );
}
