import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * "Print / Save as PDF": the browser's own print dialog, where Save as PDF is a destination. It
 * needs scripts; without them the page says how to print instead.
 */
export function PrintButton({ label = "Print / Save as PDF" }: { label?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm text-muted-foreground print:hidden">Print or save as PDF with Ctrl+P (⌘P on a Mac).</p>
    );
  }
  return (
    <Button type="button" variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      {label}
    </Button>
  );
}
