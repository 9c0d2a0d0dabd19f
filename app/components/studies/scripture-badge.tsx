import * as PopoverPrimitive from "@radix-ui/react-popover";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/utils/cn";

export interface ScriptureTextEntry {
  reference: string;
  translation: string;
  text: string;
  truncated: boolean;
}

/** SPEC §9: tooltips open after 700 ms of hovering. */
const HOVER_OPEN_DELAY_MS = 700;
const HOVER_CLOSE_DELAY_MS = 200;

/**
 * A scripture reference shown as a link in the running text (no pill, so the punctuation around
 * it sits where it belongs); its touch area reaches 44px on phones. Hovering it (after a moment), focusing it with the
 * keyboard, or tapping it shows the verse text. The text comes with the page (no request).
 * A popover rather than a tooltip, so the verse is in the page once and can be selected.
 */
export function ScriptureBadge({ label, entry }: { label: string; entry: ScriptureTextEntry }) {
  const [open, setOpen] = useState(false);
  const pointerDown = useRef(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);
  const openSoon = () => {
    clearTimers();
    openTimer.current = setTimeout(() => setOpen(true), HOVER_OPEN_DELAY_MS);
  };
  const closeSoon = () => {
    clearTimers();
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
  };
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger
        type="button"
        className={cn(
          "relative inline rounded-sm font-medium text-primary underline decoration-primary/40 decoration-dotted underline-offset-4 transition-colors after:absolute after:-inset-x-1 after:-inset-y-2.5 after:content-[''] hover:decoration-solid focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
        )}
        onPointerEnter={(event) => {
          if (event.pointerType === "mouse") openSoon();
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === "mouse") closeSoon();
        }}
        onPointerDown={() => {
          pointerDown.current = true;
        }}
        onPointerUp={() => {
          pointerDown.current = false;
        }}
        onFocus={() => {
          // Keyboard focus opens at once; a click focuses too, and the click itself toggles it.
          if (!pointerDown.current) {
            clearTimers();
            setOpen(true);
          }
          pointerDown.current = false;
        }}
        onBlur={() => {
          clearTimers();
          setOpen(false);
        }}
      >
        {label}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          side="top"
          align="center"
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onPointerEnter={() => clearTimers()}
          onPointerLeave={closeSoon}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-md outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0"
        >
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {entry.reference} · {entry.translation}
          </p>
          <p className="font-scripture leading-relaxed">
            {entry.text}
            {entry.truncated ? " …" : ""}
          </p>
          <PopoverPrimitive.Arrow className="fill-popover" />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
