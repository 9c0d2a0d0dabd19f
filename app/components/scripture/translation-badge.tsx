import { Info } from "lucide-react";
import { HoverNote } from "~/components/ui/hover-note";

/**
 * The translation a reading is shown in. When it is not the one asked for, the note saying so is a
 * tooltip on the badge (hover, focus or tap), said once instead of in every section.
 */
export function TranslationBadge({ name, code, note }: { name: string; code: string; note?: string }) {
  const label = `${name} (${code})`;
  const badge = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold";
  if (!note) return <span className={badge}>{label}</span>;
  return (
    <HoverNote
      triggerLabel={`${label}: about this translation`}
      // 32px tall; the invisible after-element makes it 44px to tap.
      triggerClassName={`${badge} relative min-h-8 hover:bg-accent after:absolute after:inset-x-0 after:-inset-y-1.5 after:content-['']`}
      trigger={
        <>
          <span>{label}</span>
          <Info className="size-3.5" aria-hidden="true" />
        </>
      }
      side="bottom"
      align="start"
      className="max-w-xs px-3 py-2"
    >
      {note}
    </HoverNote>
  );
}
