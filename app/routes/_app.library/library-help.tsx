import { HelpPopover } from "~/components/help-popover";

/** SPEC §2 /library: the help popover beside the heading. */
export function LibraryHelp() {
  return (
    <HelpPopover label="Library help" title="About your library">
      <p>
        <span className="font-medium">Content & Excerpts</span> holds sermons, videos and articles you processed, with
        their AI summaries and key insights, plus the quotes and book excerpts you add yourself.
      </p>
      <p>
        <span className="font-medium">Saved Lesson Plans</span> holds the studies you saved from Lesson Plans.
      </p>
      <p className="text-muted-foreground">Everything here is private to your account.</p>
    </HelpPopover>
  );
}
