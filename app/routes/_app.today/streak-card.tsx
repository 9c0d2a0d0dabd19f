import { Flame } from "lucide-react";
import { cn } from "~/utils/cn";

/** The streak, or on a first day (no streak yet) a word of encouragement instead of "0 day streak". */
export function StreakCard({ streak }: { streak: number }) {
  return (
    <div className="flex items-center gap-2">
      <Flame
        className={cn("size-6 shrink-0", streak > 0 ? "text-orange-600" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold leading-tight" data-testid="streak">
          {streak > 0 ? (
            <>
              <span className="tabular-nums">{streak}</span> day streak
            </>
          ) : (
            "Start your streak today"
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {streak > 0 ? "Days in a row with a completed reading" : "Read, then mark the day complete at the end"}
        </p>
      </div>
    </div>
  );
}
