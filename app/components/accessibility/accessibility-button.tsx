import { Accessibility } from "lucide-react";
import { forwardRef } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { rememberSelection } from "./read-aloud";

/**
 * The button that opens the accessibility options: floating bottom right on wide screens (the page
 * keeps a margin for it), and in the top bar's corner on phones, where it covers no text.
 */
export const AccessibilityButton = forwardRef<HTMLButtonElement, ButtonProps>(function AccessibilityButton(props, ref) {
  return (
    <Button
      ref={ref}
      size="icon"
      aria-label="Accessibility options"
      title="Accessibility options"
      data-a11y-panel=""
      className="fixed right-2 top-1.5 z-50 size-11 rounded-full shadow-lg md:bottom-4 md:right-4 md:top-auto md:size-12 print:hidden [&_svg]:size-6"
      onPointerDown={rememberSelection}
      onKeyDown={rememberSelection}
      {...props}
    >
      <Accessibility aria-hidden="true" />
    </Button>
  );
});
