import { CircleHelp } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";

/** The "?" button beside a page heading (PageHeader's `help`) that opens a short explanation. */
export function HelpPopover({ label, title, children }: { label: string; title: string; children: React.ReactNode }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="text-muted-foreground md:size-9" aria-label={label}>
          <CircleHelp aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="space-y-3 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </PopoverContent>
    </Popover>
  );
}
