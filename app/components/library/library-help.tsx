import { CircleHelp } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";

/** SPEC §2 /library: the help popover beside the heading. */
export function LibraryHelp() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Library help">
          <CircleHelp aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="space-y-2 text-sm">
        <p className="font-semibold">About your library</p>
        <p>
          <span className="font-medium">Content & Excerpts</span> holds sermons, videos and articles you processed, with
          their AI summaries and key insights, plus the quotes and book excerpts you add yourself.
        </p>
        <p>
          <span className="font-medium">Saved Lesson Plans</span> holds the studies you saved from Lesson Plans.
        </p>
        <p className="text-muted-foreground">Everything here is private to your account.</p>
      </PopoverContent>
    </Popover>
  );
}
