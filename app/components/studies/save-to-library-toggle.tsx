import { Bookmark, BookmarkCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { apiRequest } from "~/utils/api-client";
import { cn } from "~/utils/cn";

/**
 * SPEC §4: saves a study to the library or removes it. The button flips at once and flips back
 * if the server refuses; a saved study offers removal.
 */
export function SaveToLibraryToggle({
  studyId,
  initialSaved,
  onChange,
  className,
}: {
  studyId: string;
  initialSaved: boolean;
  /** Told of every confirmed change (the library list refetches). */
  onChange?: (saved: boolean) => void;
  className?: string;
}) {
  const [saved, setSaved] = useState(initialSaved);
  const [busy, setBusy] = useState(false);
  const latest = useRef(initialSaved);

  useEffect(() => {
    setSaved(initialSaved);
    latest.current = initialSaved;
  }, [studyId, initialSaved]);

  async function toggle() {
    if (busy) return;
    const next = !saved;
    setSaved(next);
    setBusy(true);
    try {
      if (next) {
        await apiRequest(`/api/library/save/${encodeURIComponent(studyId)}`, { method: "POST" });
        toast({ title: "Saved to library", description: "You can find this in your library" });
      } else {
        await apiRequest(`/api/library/remove/${encodeURIComponent(studyId)}`, { method: "DELETE" });
        toast({ title: "Removed from library", description: "Study removed successfully" });
      }
      latest.current = next;
      onChange?.(next);
    } catch (error) {
      setSaved(latest.current);
      toast({
        title: "Failed to update library",
        description: error instanceof Error ? error.message : "Please try again",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      variant={saved ? "secondary" : "outline"}
      size="sm"
      aria-pressed={saved}
      onClick={toggle}
      className={cn("shrink-0", className)}
      title={saved ? "Remove this study from your library" : "Save this study to your library"}
    >
      {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
      {saved ? "Saved" : "Save to Library"}
    </Button>
  );
}
