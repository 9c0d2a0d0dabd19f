import { Link } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

export function NoActivePlan() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <CalendarDays className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No active reading plan</h2>
        <p className="max-w-md text-muted-foreground">
          Start a reading plan to receive a daily passage with devotionals at three depths.
        </p>
        <Button asChild className="mt-2">
          <Link to="/bible-plans">Browse Reading Plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
