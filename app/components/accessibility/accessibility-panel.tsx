import { Accessibility } from "lucide-react";
import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { AccessibilityControls } from "./accessibility-controls";
import { rememberSelection, stopReading } from "./read-aloud";

/** The floating button (bottom right of every screen) that opens the accessibility options. */
export function AccessibilityPanel() {
  // Leaving the signed-in area (or the sign-in pages) ends any reading of the page left behind.
  useEffect(() => stopReading, []);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          size="icon"
          aria-label="Accessibility options"
          title="Accessibility options"
          data-a11y-panel=""
          className="fixed bottom-4 right-4 z-40 size-12 rounded-full shadow-lg [&_svg]:size-6"
          onPointerDown={rememberSelection}
          onKeyDown={rememberSelection}
        >
          <Accessibility aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent side="top" align="end" aria-labelledby="a11y-panel-title" className="w-80" data-a11y-panel="">
        <h2 id="a11y-panel-title" className="mb-4 text-base font-semibold">
          Accessibility
        </h2>
        <AccessibilityControls idPrefix="a11y-panel" />
      </PopoverContent>
    </Popover>
  );
}
