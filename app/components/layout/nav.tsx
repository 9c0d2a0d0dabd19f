import { Link, useLocation } from "@remix-run/react";
import { BookMarked } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { cn } from "~/utils/cn";
import { useLazyModule } from "~/utils/lazy";
import { navItemFor, navItems } from "./nav-items";

const loadNavTooltip = () => import("./nav-tooltip");

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
        <StaticIcon icon={BookMarked} className="size-4" />
      </span>
      <span className={cn("min-w-0", compact && "sr-only")}>
        <span className="block text-base font-semibold leading-tight">Sagacity Bites</span>
        <span className="block text-xs text-muted-foreground">Discipleship Tools</span>
      </span>
    </div>
  );
}

export function NavList({
  isAdmin,
  collapsed,
  onNavigate,
}: {
  isAdmin: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  // The collapsed sidebar names its icons in tooltips; their code comes once the page is up.
  const tooltips = useLazyModule(loadNavTooltip, collapsed ? "idle" : "later");
  // The item the page belongs to, by its address or an alias (/process-sermon is Add Content).
  const current = navItemFor(useLocation().pathname);
  return (
    <ul className="flex flex-col gap-1">
      {navItems
        .filter((item) => !item.adminOnly || isAdmin)
        .map((item) => {
          const link = (
            <Link
              to={item.to}
              prefetch="intent"
              onClick={onNavigate}
              aria-current={item === current ? "page" : undefined}
              className={cn(
                "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring",
                item === current && "bg-sidebar-accent text-sidebar-accent-foreground font-semibold",
                collapsed && "justify-center px-0",
              )}
            >
              <StaticIcon icon={item.icon} className="size-5 shrink-0" />
              <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
            </Link>
          );
          return (
            <li key={item.to}>
              {collapsed && tooltips ? <tooltips.NavTooltip label={item.label}>{link}</tooltips.NavTooltip> : link}
            </li>
          );
        })}
    </ul>
  );
}
