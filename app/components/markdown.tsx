import ReactMarkdown, { type Components } from "react-markdown";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { parseableMarkdown, plainParagraphs } from "~/utils/markdown-tree";

/**
 * The one Markdown renderer of the app (studies, devotionals): CommonMark through react-markdown,
 * which builds React elements only. Raw HTML in the text is shown as text, images as their alt
 * text, and only http(s) and mailto links are links. A remark plugin turns references in
 * parentheses, "(John 3:16)", into scripture badges when the page has their text; the badge is
 * passed in, so pages without badges (Today) do not load its popover.
 */

/** Grounding's mark for a reference that does not exist (see modules/bible/grounding.server). */
const NOT_FOUND = "reference not found";
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
// Links into the app's own Bible (a word study, a chapter), opened in the same tab.
const BIBLE_LINK = /^\/bible\/(?:strongs\/[GH][1-9]\d{0,4}|[1-3A-Z]{3}\/[1-9]\d{0,2})$/;
const PARENTHESES = /\(([^()\n]{1,120})\)/g;

/** The part of an mdast node the plugins below read and write. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

/** Replaces each node `change` answers for with the nodes it returns; children first, no recursion limit. */
function rewrite(tree: MdNode, change: (node: MdNode, parent: MdNode) => MdNode[] | null) {
  const stack: MdNode[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    if (!parent.children) continue;
    parent.children = parent.children.flatMap((child) => change(child, parent) ?? [child]);
    for (const child of parent.children) if (child.children) stack.push(child);
  }
}

/** HTML written in the markdown becomes plain text, so it is shown and never interpreted. */
function htmlAsText() {
  return (tree: MdNode) =>
    rewrite(tree, (node, parent) => {
      if (node.type !== "html") return null;
      const text = { type: "text", value: node.value ?? "" };
      return [parent.type === "root" ? { type: "paragraph", children: [text] } : text];
    });
}

/** "(John 3:16)" becomes a badge when `isScripture` knows it; "(reference not found)" a flag. */
function scriptureBadges({ isScripture }: { isScripture: (text: string) => boolean }) {
  return (tree: MdNode) =>
    rewrite(tree, (node, parent) => {
      if (node.type !== "text" || parent.type === "link" || !node.value) return null;
      const value = node.value;
      const pieces: MdNode[] = [];
      let last = 0;
      for (const match of value.matchAll(PARENTHESES)) {
        const inside = match[1]!.trim();
        const properties = isScripture(inside)
          ? { dataScripture: inside }
          : inside === NOT_FOUND
            ? { dataMissing: true }
            : null;
        if (!properties) continue;
        if (match.index > last) pieces.push({ type: "text", value: value.slice(last, match.index) });
        pieces.push({
          type: "text",
          value: match[0],
          data: { hName: "span", hProperties: properties },
        });
        last = match.index + match[0].length;
      }
      if (pieces.length === 0) return null;
      if (last < value.length) pieces.push({ type: "text", value: value.slice(last) });
      return pieces;
    });
}

export interface MarkdownViewProps {
  source: string;
  /** The heading level a markdown heading of each level is shown at (page outline). */
  headingLevel: (level: number) => 3 | 4 | 5 | 6;
  headingClass?: (shownLevel: number) => string | undefined;
  /** Which parenthesised texts are references the page can show, and how: a badge with the verse. */
  references?: {
    has: (reference: string) => boolean;
    render: (reference: string) => ReactNode;
  };
  className?: string;
  classes?: { quote?: string; list?: string; code?: string };
}

export function MarkdownView({
  source,
  headingLevel,
  headingClass,
  references,
  className,
  classes = {},
}: MarkdownViewProps) {
  const heading = (level: number): Components["h1"] =>
    function Heading({ children }) {
      const shown = headingLevel(level);
      const Tag = `h${shown}` as const;
      return <Tag className={headingClass?.(shown)}>{children}</Tag>;
    };
  const components: Components = {
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    p: ({ children }) => <p className="leading-relaxed">{children}</p>,
    strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
    blockquote: ({ children }) => <blockquote className={cn("scripture-quote", classes.quote)}>{children}</blockquote>,
    ul: ({ children }) => <ul className={cn("list-disc space-y-1.5 pl-6", classes.list)}>{children}</ul>,
    ol: ({ children, start }) => (
      <ol start={start} className={cn("list-decimal space-y-1.5 pl-6", classes.list)}>
        {children}
      </ol>
    ),
    li: ({ children }) => <li className="pl-1 leading-relaxed">{children}</li>,
    hr: () => <hr className="my-4 border-border" />,
    code: ({ children }) => (
      <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]", classes.code)}>{children}</code>
    ),
    pre: ({ children }) => <pre className="overflow-x-auto whitespace-pre-wrap">{children}</pre>,
    a: ({ href, children }) =>
      href && BIBLE_LINK.test(href) ? (
        <a href={href} className="text-primary underline underline-offset-2">
          {children}
        </a>
      ) : href && SAFE_LINK.test(href) ? (
        <a
          href={href}
          className="text-primary underline underline-offset-2"
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          {children}
        </a>
      ) : (
        <>{children}</>
      ),
    img: ({ alt }) => <>{alt}</>,
    span: ({ children, ...props }) => {
      const reference = (props as Record<string, unknown>)["data-scripture"];
      if (typeof reference === "string" && references?.has(reference)) return references.render(reference);
      if ((props as Record<string, unknown>)["data-missing"])
        return <span className="text-sm italic text-destructive">{children}</span>;
      return <span>{children}</span>;
    },
  };
  const markdown = parseableMarkdown(source);
  if (markdown === null) {
    return (
      <div className={className}>
        {plainParagraphs(source).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-wrap leading-relaxed">
            {paragraph}
          </p>
        ))}
      </div>
    );
  }
  return (
    <div className={className}>
      <ReactMarkdown
        remarkPlugins={[
          htmlAsText,
          [scriptureBadges, { isScripture: (inside: string) => references?.has(inside) ?? false }],
        ]}
        components={components}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
