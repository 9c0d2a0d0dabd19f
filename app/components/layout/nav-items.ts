import {
  BookOpen,
  BookText,
  CalendarDays,
  LayoutDashboard,
  Library,
  PlusCircle,
  Settings,
  ShieldCheck,
  Sun,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Other addresses of the same page (SPEC §3: /process-sermon is the Add Content screen). */
  aliases?: string[];
}

/** SPEC §2: the sidebar's nine items, in this order, with Groups (issue 18) after Reading Plans and the Bible (issue 32) after Today. */
export const navItems: NavItem[] = [
  { label: "Dashboard", to: "/", icon: LayoutDashboard },
  { label: "Add Content", to: "/add-content", icon: PlusCircle, aliases: ["/process-sermon"] },
  { label: "My Library", to: "/library", icon: Library },
  { label: "Lesson Plans", to: "/lesson-plans", icon: BookOpen },
  { label: "Reading Plans", to: "/bible-plans", icon: CalendarDays },
  { label: "Groups", to: "/groups", icon: Users },
  { label: "Today", to: "/today", icon: Sun },
  { label: "Bible", to: "/bible", icon: BookText },
  { label: "Profile", to: "/profile", icon: UserRound },
  { label: "Settings", to: "/settings", icon: Settings },
  { label: "Admin Console", to: "/admin", icon: ShieldCheck, adminOnly: true },
];

function under(path: string, base: string) {
  return base === "/" ? path === "/" : path === base || path.startsWith(`${base}/`);
}

/** The navigation item a page belongs to (its address, a page under it, or one of its aliases). */
export function navItemFor(pathname: string): NavItem | undefined {
  const path = pathname.toLowerCase();
  return navItems.filter((item) => [item.to, ...(item.aliases ?? [])].some((base) => under(path, base))).at(-1);
}
