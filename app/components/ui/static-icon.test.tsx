import assert from "node:assert/strict";
import { test } from "node:test";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { navItems } from "~/components/layout/nav-items";
import { StaticIcon } from "./static-icon";

// Every icon shown through StaticIcon, with and without classes, and one with aliases and circles.
const icons = [
  ...navItems.map((item) => item.icon),
  lucide.BookMarked,
  lucide.BookOpen,
  lucide.CalendarDays,
  lucide.ExternalLink,
  lucide.Headphones,
  lucide.Mic,
  lucide.Newspaper,
  lucide.Quote,
  lucide.Sparkles,
  lucide.Sun,
  lucide.Trash2,
  lucide.Menu,
  lucide.PanelLeft,
  lucide.PartyPopper,
  lucide.CheckCircle2,
];

test("StaticIcon renders exactly lucide's markup for a decorative icon", () => {
  for (const icon of icons) {
    for (const className of ["", "size-3", "mt-0.5 size-3.5 shrink-0 text-primary", "size-4 size-4"]) {
      const expected = renderToStaticMarkup(createLucide(icon, className));
      assert.equal(renderToStaticMarkup(<StaticIcon icon={icon} className={className} />), expected, `${icon.displayName} "${className}"`);
      // The second time comes from the cache: still the same.
      assert.equal(renderToStaticMarkup(<StaticIcon icon={icon} className={className} />), expected);
    }
  }
});

function createLucide(Icon: lucide.LucideIcon, className: string) {
  return <Icon className={className || undefined} aria-hidden="true" />;
}
