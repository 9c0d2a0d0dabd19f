import { NavLink, useLocation, useNavigate } from "@remix-run/react";
import { BookMarked, Menu, PanelLeft } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { useLazyModule } from "~/utils/lazy";
import { Brand, NavList } from "./nav";
import { navItemFor } from "./nav-items";
import { TabBar } from "./tab-bar";

const loadMobileNav = () => import("./mobile-nav");

/** The mobile top bar's title: the navigation item the page belongs to. */
function pageTitle(pathname: string) {
  return navItemFor(pathname)?.label ?? "Sagacity Bites";
}

const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = "(max-width: 767px)";

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
  const [mobileWanted, setMobileWanted] = useState(false);
  // The slide-over sheet's code comes once the page is up, or at once if the menu opens first.
  const mobileNav = useLazyModule(loadMobileNav, mobileWanted ? "now" : "idle");
  const location = useLocation();
  const navigate = useNavigate();

  const setDesktopOpen = useCallback((next: boolean) => {
    setOpen(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileWanted(true);
      setMobileOpen((value) => !value);
    } else {
      setDesktopOpen(!open);
    }
  }, [open, setDesktopOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
        return;
      }
      // Search from anywhere: Ctrl+K (or Cmd+K), or "/" when not typing in a field.
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable=true]");
      const wantsSearch =
        (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) ||
        (event.key === "/" && !typing && !event.metaKey && !event.ctrlKey && !event.altKey);
      if (wantsSearch) {
        event.preventDefault();
        const box = document.getElementById("search-everything");
        if (box instanceof HTMLInputElement) box.focus();
        else navigate("/search");
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle, navigate]);

  // A new page closes the mobile menu.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMobileOpen(false);
  }

  return (
    <div className="flex min-h-screen w-full">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {/* The sidebar's colour runs the page's full height; the navigation itself stays in view. */}
      <div className="hidden shrink-0 border-r border-sidebar-border bg-sidebar md:block print:hidden">
        <aside
          aria-label="Main navigation"
          data-state={open ? "expanded" : "collapsed"}
          className={cn(
            "sticky top-0 flex h-screen flex-col text-sidebar-foreground transition-[width] duration-200",
            open ? "w-64" : "w-16",
          )}
        >
          <div
            className={cn(
              "flex h-16 items-center gap-2 border-b border-sidebar-border px-3",
              !open && "justify-center px-2",
            )}
          >
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
              <StaticIcon icon={PanelLeft} />
            </Button>
          </div>
          <nav className="flex-1 overflow-y-auto p-2" aria-label="Sections">
            <NavList isAdmin={isAdmin} collapsed={!open} />
          </nav>
        </aside>
      </div>

      {mobileNav ? <mobileNav.MobileNav open={mobileOpen} onOpenChange={setMobileOpen} isAdmin={isAdmin} /> : null}

      {/* On phones the page's end (the footer) scrolls clear of the tab bar. */}
      <div className="flex min-w-0 flex-1 flex-col max-md:pb-16">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:hidden print:hidden">
          <Button
            variant="ghost"
            size="icon"
            className="size-11 [&_svg]:size-6"
            onClick={toggle}
            aria-label="Open navigation menu"
            aria-expanded={mobileOpen}
          >
            <StaticIcon icon={Menu} />
          </Button>
          {/* The brand's name lives once in the page (in the sidebar); here its mark and the page's title. */}
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
            <StaticIcon icon={BookMarked} className="size-4" />
          </span>
          <span className="truncate font-semibold">{pageTitle(location.pathname)}</span>
        </header>
        {/* Right padding on wide screens keeps text clear of the floating accessibility button. A
            toast sits bottom left (ui/toast.tsx): over the open sidebar's empty lower part, which
            covers nothing; on phones and beside the collapsed sidebar it reaches into the page, so
            the bottom padding there lets the page's end scroll clear of it. */}
        <main
          id="main-content"
          tabIndex={-1}
          className={cn("flex-1 px-4 pb-24 pt-6 outline-none sm:px-6 md:pr-20 lg:pl-10", open ? "md:pb-6" : "md:pb-28")}
        >
          {children}
        </main>
        <footer className="border-t px-4 print:hidden py-3 text-center text-xs text-muted-foreground sm:px-6 lg:px-10">
          Scripture from public-domain translations (BSB, WEB, KJV).{" "}
          <NavLink to="/credits" className="tap-target underline underline-offset-2 hover:text-foreground">
            Credits
          </NavLink>
        </footer>
        <TabBar
          moreOpen={mobileOpen}
          onMore={() => {
            setMobileWanted(true);
            setMobileOpen(true);
          }}
        />
      </div>
    </div>
  );
}
