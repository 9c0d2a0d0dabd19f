import { PenLine } from "lucide-react";
import { BUILTIN_WRITER_SOURCES, MODEL_WRITER_NOTE, writtenByLine, type WriterOfText } from "~/modules/ai/writer";
import { cn } from "~/utils/cn";

/** The footer under a lesson or devotional: which writer wrote it, and what that means for the reader. */
export function WriterCredit({ writer, className }: { writer: WriterOfText; className?: string }) {
  return (
    <footer
      className={cn("mt-6 flex gap-2 border-t pt-3 text-xs leading-relaxed text-muted-foreground", className)}
      data-writer={writer.aiProvider}
    >
      <PenLine className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-medium text-foreground/80">{writtenByLine(writer)}.</span>{" "}
        {writer.aiProvider === "builtin" ? BUILTIN_WRITER_SOURCES : MODEL_WRITER_NOTE}
      </p>
    </footer>
  );
}
