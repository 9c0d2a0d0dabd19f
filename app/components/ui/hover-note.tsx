import { useEffect, useId, useRef, useState } from "react";
import { useLazyModule } from "~/utils/lazy";

/** SPEC §9: tooltips open after 700 ms of hovering. */
const HOVER_OPEN_DELAY_MS = 700;
/** Time to cross from the trigger to the note (to select its text) before it closes. */
const HOVER_CLOSE_DELAY_MS = 200;

// The popover (Radix and Floating UI, about 20 KB) loads when a reader first reaches for a note.
const loadPopover = () => import("./hover-note-popover");

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
  const [wanted, setWanted] = useState(false);
  const popover = useLazyModule(loadPopover, wanted ? "now" : "later");
  const contentId = useId();
  const button = useRef<HTMLButtonElement>(null);
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
  const shown = open && popover !== null;

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={shown ? contentId : undefined}
        data-state={shown ? "open" : "closed"}
        className={triggerClassName}
        onPointerEnter={(event) => {
          if (!hovering(event)) return;
          setWanted(true);
          later(openTimer, true, HOVER_OPEN_DELAY_MS);
        }}
        onPointerLeave={closeSoon}
        onPointerDown={() => {
          pointerDown.current = true;
          setWanted(true);
        }}
        onClick={() => {
          clearTimers();
          setWanted(true);
          setOpen((current) => !current);
        }}
        onFocus={() => {
          // Keyboard focus opens at once; a click focuses too, and the click itself toggles the note.
          if (!pointerDown.current) {
            clearTimers();
            setWanted(true);
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
      </button>
      {popover ? (
        <popover.HoverNotePopover
          id={contentId}
          open={open}
          onOpenChange={(next) => {
            clearTimers();
            setOpen(next);
          }}
          anchor={button}
          side={side}
          align={align}
          arrow={arrow}
          className={className}
          onPointerEnter={(event) => {
            if (hovering(event)) clearTimers();
          }}
          onPointerLeave={closeSoon}
        >
          {children}
        </popover.HoverNotePopover>
      ) : null}
    </>
  );
}
