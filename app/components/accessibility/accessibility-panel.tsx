import { useEffect, useState } from "react";
import { useLazyModule } from "~/utils/lazy";
import { AccessibilityButton } from "./accessibility-button";
import { stopReading } from "./read-aloud";

const loadPopover = () => import("./accessibility-popover");

/**
 * The floating accessibility button. The page comes with the button alone; the popover's code
 * follows when the browser is idle (or at once on a click before then), and the first click
 * opens it.
 */
export function AccessibilityPanel() {
  // Leaving the signed-in area (or the sign-in pages) ends any reading of the page left behind.
  useEffect(() => stopReading, []);
  const [requested, setRequested] = useState(false);
  const module = useLazyModule(loadPopover, requested ? "now" : "idle");
  if (module && requested) return <module.AccessibilityPopover defaultOpen />;
  return <AccessibilityButton aria-haspopup="dialog" aria-expanded={false} onClick={() => setRequested(true)} />;
}
