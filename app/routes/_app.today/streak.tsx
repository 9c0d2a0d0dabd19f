import { Flame } from "lucide-react";
import { cn } from "~/utils/cn";

/** The streak in a few words, or on a first day (no streak yet) a word of encouragement instead of "0 day streak". */
export function Streak({ streak }: { streak: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Flame
        className={cn("size-4 shrink-0", streak > 0 ? "text-orange-600" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <span className="font-semibold" data-testid="streak">
        {streak > 0 ? (
          <>
            <span className="tabular-nums">{streak}</span> day streak
          </>
        ) : (
          "Start your streak today"
        )}
      </span>
    </span>
  );
}
