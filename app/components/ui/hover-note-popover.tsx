import * as PopoverPrimitive from "@radix-ui/react-popover";
import { cn } from "~/utils/cn";

/**
 * The open note of a HoverNote: a Radix popover anchored to the HoverNote's own button. Loaded
 * when a reader first reaches for a note, so Floating UI is not in a page's first download.
 */
export function HoverNotePopover({
  id,
  open,
  onOpenChange,
  anchor,
  side,
  align,
  arrow,
  className,
  onPointerEnter,
  onPointerLeave,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: React.RefObject<HTMLButtonElement>;
  side: "top" | "bottom";
  align: "start" | "center";
  arrow: boolean;
  className?: string;
  onPointerEnter: (event: React.PointerEvent) => void;
  onPointerLeave: (event: React.PointerEvent) => void;
  children: React.ReactNode;
}) {
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Anchor virtualRef={anchor} />
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          id={id}
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // The button toggles the note itself: a press on it is not a press "outside".
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault();
          }}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
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
