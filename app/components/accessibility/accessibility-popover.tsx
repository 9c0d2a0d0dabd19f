import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { AccessibilityButton } from "./accessibility-button";
import { AccessibilityControls } from "./accessibility-controls";

/** The accessibility options in a popover over their button (loaded on demand, see accessibility-panel.tsx). */
export function AccessibilityPopover({ defaultOpen }: { defaultOpen: boolean }) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <AccessibilityButton />
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
