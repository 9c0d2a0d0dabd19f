import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/** "Show more" as a plain link (?…=100), so it works before the page's scripts load. */
export function ShowMoreLink({
  status,
  search,
  className,
}: {
  status: string;
  search: URLSearchParams;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground", className)}>
      <span>{status}</span>
      <Button asChild variant="outline" size="sm">
        <Link to={`?${search}`} preventScrollReset replace>
          Show more
        </Link>
      </Button>
    </div>
  );
}
