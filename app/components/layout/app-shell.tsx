import { NavLink, useLocation } from "@remix-run/react";
import { BookMarked, Menu, PanelLeft } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/utils/cn";
import { navItems } from "./nav-items";

const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = "(max-width: 767px)";

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
        <BookMarked className="size-4" aria-hidden="true" />
      </span>
      <span className={cn("min-w-0", compact && "sr-only")}>
        <span className="block text-base font-semibold leading-tight">Sagacity Bites</span>
        <span className="block text-xs text-muted-foreground">Discipleship Tools</span>
      </span>
    </div>
  );
}

function NavList({
  isAdmin,
  collapsed,
  onNavigate,
}: {
  isAdmin: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {navItems
        .filter((item) => !item.adminOnly || isAdmin)
        .map((item) => {
          const link = (
            <NavLink
              to={item.to}
              end={item.to === "/"}
              prefetch="intent"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring",
                  isActive && "bg-sidebar-accent text-sidebar-accent-foreground font-semibold",
                  collapsed && "justify-center px-0",
                )
              }
            >
              <item.icon className="size-5 shrink-0" aria-hidden="true" />
              <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
            </NavLink>
          );
          return (
            <li key={item.to}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="right">{item.label}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The signed-in frame: a sidebar of 16rem (4rem collapsed) on wide screens and a slide-over sheet
 * below 768px. The open state lives in a cookie the server reads, so the first paint is right.
 */
export function AppShell({
  isAdmin,
  initialOpen,
  children,
}: {
  isAdmin: boolean;
  initialOpen: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  const setDesktopOpen = useCallback((next: boolean) => {
    setOpen(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen((value) => !value);
    else setDesktopOpen(!open);
  }, [open, setDesktopOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  return (
    <div className="flex min-h-screen w-full">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside
        aria-label="Main navigation"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:flex",
          open ? "w-64" : "w-16",
        )}
      >
        <div className={cn("flex h-16 items-center gap-2 border-b border-sidebar-border px-3", !open && "justify-center px-2")}>
          {open ? <Brand /> : null}
          <Button
            variant="ghost"
            size="icon"
            className={cn("size-9 shrink-0", open && "ml-auto")}
            onClick={toggle}
            aria-label="Toggle Sidebar"
            aria-expanded={open}
            title="Toggle sidebar (Ctrl+B)"
          >
            <PanelLeft aria-hidden="true" />
          </Button>
        </div>
        <nav className="flex-1 overflow-y-auto p-2" aria-label="Sections">
          <NavList isAdmin={isAdmin} collapsed={!open} />
        </nav>
      </aside>

      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent side="left" className="w-72 p-0 md:hidden">
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Go to a section of Sagacity Bites</SheetDescription>
          <div className="flex h-16 items-center border-b border-sidebar-border px-4">
            <Brand />
          </div>
          <nav className="flex-1 overflow-y-auto p-2" aria-label="Sections">
            <NavList isAdmin={isAdmin} collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </nav>
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:hidden">
          <Button variant="ghost" size="icon" onClick={toggle} aria-label="Open navigation menu" aria-expanded={mobileOpen}>
            <Menu aria-hidden="true" />
          </Button>
          {/* The brand's name lives once in the page (in the sidebar); here only its mark. */}
          <span className="flex size-8 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
            <BookMarked className="size-4" aria-hidden="true" />
          </span>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10">
          {children}
        </main>
        <footer className="border-t px-4 py-3 text-center text-xs text-muted-foreground sm:px-6 lg:px-10">
          Scripture from public-domain translations (BSB, WEB, KJV).{" "}
          <NavLink to="/credits" className="underline underline-offset-2 hover:text-foreground">
            Credits
          </NavLink>
        </footer>
      </div>
    </div>
  );
}
