import { NavLink } from "@remix-run/react";
import { BookOpen, Library, Menu, Sun, Users } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { cn } from "~/utils/cn";

/** The four places a reader goes every day; everything else is under More (the sheet sidebar). */
const tabs = [
  { label: "Today", to: "/today", icon: Sun },
  { label: "Lessons", to: "/lesson-plans", icon: BookOpen },
  { label: "Library", to: "/library", icon: Library },
  { label: "Groups", to: "/groups", icon: Users },
] as const;

const tabClass =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring";

/**
 * Below 768px, a bar of tabs at the bottom of the screen (one tap to switch, as in YouVersion),
 * beside the slide-over sheet of SPEC §2, which "More" opens with every section.
 */
export function TabBar({ moreOpen, onMore }: { moreOpen: boolean; onMore: () => void }) {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden print:hidden"
    >
      <ul className="flex">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex flex-1">
            <NavLink
              to={tab.to}
              prefetch="intent"
              className={({ isActive }) => cn(tabClass, isActive && "font-semibold text-primary")}
            >
              <StaticIcon icon={tab.icon} className="size-5" />
              {tab.label}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <button type="button" className={tabClass} onClick={onMore} aria-expanded={moreOpen}>
            <StaticIcon icon={Menu} className="size-5" />
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}
