import { Accessibility } from "lucide-react";
import { forwardRef } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { rememberSelection } from "./read-aloud";

/** The floating button (bottom right of every screen) that opens the accessibility options. */
export const AccessibilityButton = forwardRef<HTMLButtonElement, ButtonProps>(function AccessibilityButton(props, ref) {
  return (
    <Button
      ref={ref}
      size="icon"
      aria-label="Accessibility options"
      title="Accessibility options"
      data-a11y-panel=""
      className="fixed bottom-4 right-4 z-40 size-12 rounded-full shadow-lg [&_svg]:size-6"
      onPointerDown={rememberSelection}
      onKeyDown={rememberSelection}
      {...props}
    >
      <Accessibility aria-hidden="true" />
    </Button>
  );
});
