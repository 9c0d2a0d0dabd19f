import {
  BookOpen,
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
}

/** SPEC §2: the sidebar's nine items, in this order, with Groups (issue 18) after Reading Plans. */
export const navItems: NavItem[] = [
  { label: "Dashboard", to: "/", icon: LayoutDashboard },
  { label: "Add Content", to: "/add-content", icon: PlusCircle },
  { label: "My Library", to: "/library", icon: Library },
  { label: "Lesson Plans", to: "/lesson-plans", icon: BookOpen },
  { label: "Reading Plans", to: "/bible-plans", icon: CalendarDays },
  { label: "Groups", to: "/groups", icon: Users },
  { label: "Today", to: "/today", icon: Sun },
  { label: "Profile", to: "/profile", icon: UserRound },
  { label: "Settings", to: "/settings", icon: Settings },
  { label: "Admin Console", to: "/admin", icon: ShieldCheck, adminOnly: true },
];
