import { useFetcher, useLocation } from "@remix-run/react";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { useEffect } from "react";
import type { LibraryActionResult } from "~/components/library/types";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useErrorToast } from "~/components/use-error-toast";
import { cn } from "~/utils/cn";

const LIBRARY_ACTION = "/library";

/**
 * SPEC §4: saves a study to the library or removes it, through the library page's action. The
 * button flips at once (the pending submission) and shows the server's state again once the
 * page's data is reloaded, so a refusal flips it back. Without JavaScript it is a plain form
 * that comes back to this page with the toast.
 */
export function SaveToLibraryToggle({
  studyId,
  saved: savedOnServer,
  className,
}: {
  studyId: string;
  /** Whether the study is saved, as the page's loader read it. */
  saved: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<LibraryActionResult>();
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const saved = pendingIntent ? pendingIntent === "save" : savedOnServer;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  const toggled = result && (result.intent === "save" || result.intent === "remove") ? result : undefined;
  useEffect(() => {
    if (!toggled?.ok) return;
    toast(
      toggled.saved
        ? { id: toggled.id, title: "Saved to library", description: "You can find this in your library" }
        : { id: toggled.id, title: "Removed from library", description: "Study removed successfully" },
    );
  }, [toggled]);
  useErrorToast(toggled, "Failed to update library");

  return (
    <form
      method="post"
      action={LIBRARY_ACTION}
      onSubmit={(event) => {
        // With JavaScript the answer comes back here (no redirectTo): the page stays as it is.
        event.preventDefault();
        if (fetcher.state !== "idle") return;
        fetcher.submit({ intent: saved ? "remove" : "save", studyId }, { method: "post", action: LIBRARY_ACTION });
      }}
    >
      <input type="hidden" name="studyId" value={studyId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button
        type="submit"
        name="intent"
        value={saved ? "remove" : "save"}
        variant={saved ? "secondary" : "outline"}
        size="sm"
        aria-pressed={saved}
        className={cn("shrink-0", className)}
        title={saved ? "Remove this study from your library" : "Save this study to your library"}
      >
        {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {saved ? "Saved" : "Save to Library"}
      </Button>
    </form>
  );
}
