import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/** What a group page shows when the reader cannot see it, with the way back to their groups. */
export function GroupNotFound({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <Button asChild>
        <Link to="/groups">Go to my groups</Link>
      </Button>
    </div>
  );
}
