import { Loader2 } from "lucide-react";
import { cn } from "~/utils/cn";

/** A spinner with a text for screen readers (and sighted users when `showLabel`). */
export function Spinner({
  label = "Loading...",
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-muted-foreground", className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}
