import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { Brand, NavList } from "./nav";

/** Below 768px the sidebar is a slide-over sheet (loaded on demand, see app-shell.tsx). */
export function MobileNav({
  open,
  onOpenChange,
  isAdmin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 p-0 md:hidden">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Go to a section of Sagacity Bites</SheetDescription>
        <div className="flex h-16 items-center border-b border-sidebar-border px-4">
          <Brand />
        </div>
        <nav className="flex-1 overflow-y-auto p-2" aria-label="Sections">
          <NavList isAdmin={isAdmin} collapsed={false} onNavigate={() => onOpenChange(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
