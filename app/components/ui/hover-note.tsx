import * as PopoverPrimitive from "@radix-ui/react-popover";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/utils/cn";

/** SPEC §9: tooltips open after 700 ms of hovering. */
const HOVER_OPEN_DELAY_MS = 700;
/** Time to cross from the trigger to the note (to select its text) before it closes. */
const HOVER_CLOSE_DELAY_MS = 200;

/**
 * A note that behaves like a tooltip but is a popover, so touch and keyboard reach it and its text
 * can be selected: it opens on hover (after a moment), keyboard focus or a tap, and closes when the
 * pointer leaves the trigger and the note, on Escape, on blur and on a tap elsewhere. Focus stays on
 * the trigger throughout (returning it would reopen the note it was just closed from).
 */
export function HoverNote({
  trigger,
  triggerLabel,
  triggerClassName,
  side = "top",
  align = "center",
  arrow = false,
  className,
  children,
}: {
  trigger: React.ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  side?: "top" | "bottom";
  align?: "start" | "center";
  arrow?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pointerDown = useRef(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);
  const later = (timer: typeof openTimer, next: boolean, delay: number) => {
    clearTimers();
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  // A mouse or a pen hovers; a finger's enter and leave come with the tap, which toggles instead.
  const hovering = (event: React.PointerEvent) => event.pointerType !== "touch";
  const closeSoon = (event: React.PointerEvent) => {
    if (hovering(event)) later(closeTimer, false, HOVER_CLOSE_DELAY_MS);
  };

  return (
    <PopoverPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        clearTimers();
        setOpen(next);
      }}
    >
      <PopoverPrimitive.Trigger
        type="button"
        aria-label={triggerLabel}
        className={triggerClassName}
        onPointerEnter={(event) => {
          if (hovering(event)) later(openTimer, true, HOVER_OPEN_DELAY_MS);
        }}
        onPointerLeave={closeSoon}
        onPointerDown={() => {
          pointerDown.current = true;
        }}
        onFocus={() => {
          // Keyboard focus opens at once; a click focuses too, and the click itself toggles the note.
          if (!pointerDown.current) {
            clearTimers();
            setOpen(true);
          }
          pointerDown.current = false;
        }}
        onBlur={() => {
          pointerDown.current = false;
          clearTimers();
          setOpen(false);
        }}
      >
        {trigger}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onPointerEnter={(event) => {
            if (hovering(event)) clearTimers();
          }}
          onPointerLeave={closeSoon}
          className={cn(
            "z-50 max-w-[calc(100vw-2rem)] rounded-md border bg-popover text-sm text-popover-foreground shadow-md outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0",
            className,
          )}
        >
          {children}
          {arrow ? <PopoverPrimitive.Arrow className="fill-popover" /> : null}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
