import { Flame } from "lucide-react";
import { Card } from "~/components/ui/card";
import { cn } from "~/utils/cn";

export function StreakCard({ streak }: { streak: number }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <Flame
        className={cn("size-8 shrink-0", streak > 0 ? "text-orange-500" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <div>
        <p className="text-lg font-semibold leading-tight" data-testid="streak">
          <span className="text-2xl font-bold tabular-nums">{streak}</span> day streak
        </p>
        <p className="text-xs text-muted-foreground">
          {streak > 0 ? "Consecutive days with a completed reading" : "Complete today's reading to start a streak"}
        </p>
      </div>
    </Card>
  );
}
