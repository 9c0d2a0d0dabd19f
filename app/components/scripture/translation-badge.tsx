import * as PopoverPrimitive from "@radix-ui/react-popover";
import { Info } from "lucide-react";
import { useState } from "react";

/**
 * The translation a reading is shown in. When it is not the one asked for, the note saying so is a
 * tooltip on the badge (hover, focus or tap), said once instead of in every section.
 */
export function TranslationBadge({ name, code, note }: { name: string; code: string; note?: string }) {
  const [open, setOpen] = useState(false);
  const label = `${name} (${code})`;
  const badge = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold";
  if (!note) return <span className={badge}>{label}</span>;
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger
        className={`${badge} min-h-8 hover:bg-accent`}
        onPointerEnter={(event) => event.pointerType === "mouse" && setOpen(true)}
        onPointerLeave={(event) => event.pointerType === "mouse" && setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        aria-label={`${label}: about this translation`}
      >
        <span>{label}</span>
        <Info className="size-3.5" aria-hidden="true" />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          // Returning focus to the badge would reopen the note it was just closed from (Escape).
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 max-w-xs rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md"
        >
          {note}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
