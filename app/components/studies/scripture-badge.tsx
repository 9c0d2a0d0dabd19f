import { HoverNote } from "~/components/ui/hover-note";
import { highlightStyles, type HighlightColor } from "~/modules/notes/colors";
import { cn } from "~/utils/cn";

export interface ScriptureTextEntry {
  reference: string;
  translation: string;
  text: string;
  truncated: boolean;
  /** The colour the reader highlighted (some of) these verses in the Bible. */
  highlight?: HighlightColor;
}

/**
 * A scripture reference shown as a link in the running text (no pill, so the punctuation around
 * it sits where it belongs); its touch area reaches 44px on phones. Hovering it (after a moment), focusing it with the
 * keyboard, or tapping it shows the verse text. The text comes with the page (no request).
 * A popover rather than a tooltip, so the verse is in the page once and can be selected.
 */
export function ScriptureBadge({ label, entry }: { label: string; entry: ScriptureTextEntry }) {
  return (
    <HoverNote
      trigger={label}
      triggerClassName={cn(
        "relative inline rounded-sm font-medium text-primary underline decoration-primary/40 decoration-dotted underline-offset-4 transition-colors after:absolute after:-inset-x-1 after:-inset-y-2.5 after:content-[''] hover:decoration-solid focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
        entry.highlight && ["px-0.5", highlightStyles[entry.highlight].tint],
      )}
      arrow
      className="w-80 p-3"
    >
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {entry.reference} · {entry.translation}
        {entry.highlight ? ` · highlighted ${highlightStyles[entry.highlight].name.toLowerCase()}` : ""}
      </p>
      <p className={cn("font-scripture leading-relaxed", entry.highlight && highlightStyles[entry.highlight].tint)}>
        {entry.text}
        {entry.truncated ? " …" : ""}
      </p>
    </HoverNote>
  );
}
