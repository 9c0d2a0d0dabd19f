import { Copy, Printer, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * What a leader does with a finished lesson: print it (or save it as a PDF from the print dialog),
 * copy it as plain text, or share it where the device can (the Web Share API). The buttons need
 * scripts: until they run, Print and Copy stand disabled in their places (so nothing below moves
 * when they arrive), and a page without scripts says how to print. None of them is printed.
 */
export function LessonActions({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === "function";

  async function copy() {
    try {
      await navigator.clipboard.writeText(`${title}\n\n${text}`);
      toast({ title: "Lesson copied", description: "Paste it into an email, a document or a message." });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the lesson's text and copy it instead.",
        variant: "destructive",
      });
    }
  }

  async function share() {
    try {
      await navigator.share({ title, text: `${title}\n\n${text}`, url: window.location.href });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast({ title: "Could not share", description: "Copy the lesson as text instead.", variant: "destructive" });
    }
  }

  return (
    <div role="toolbar" aria-label="Lesson actions" className="flex flex-wrap gap-2 print:hidden">
      <Button type="button" variant="outline" size="sm" onClick={() => window.print()} disabled={!hydrated}>
        <Printer aria-hidden="true" />
        Print / Save as PDF
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={copy} disabled={!hydrated}>
        <Copy aria-hidden="true" />
        Copy as text
      </Button>
      {canShare ? (
        <Button type="button" variant="outline" size="sm" onClick={share}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
      ) : null}
      <noscript>
        <p className="basis-full text-sm text-muted-foreground">Print or save as PDF with Ctrl+P (⌘P on a Mac).</p>
      </noscript>
    </div>
  );
}
