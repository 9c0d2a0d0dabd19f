import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardTitle } from "~/components/ui/card";

/** The title of a groups card: its icon, then its words. */
export function IconCardTitle({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2 text-lg">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      {children}
    </CardTitle>
  );
}
