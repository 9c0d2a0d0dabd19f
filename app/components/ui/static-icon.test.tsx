import assert from "node:assert/strict";
import { test } from "node:test";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { navItems } from "~/components/layout/nav-items";
import { IconSprite, SpriteIcon, StaticIcon } from "./static-icon";

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
      assert.equal(
        renderToStaticMarkup(<StaticIcon icon={icon} className={className} />),
        expected,
        `${icon.displayName} "${className}"`,
      );
      // The second time comes from the cache: still the same.
      assert.equal(renderToStaticMarkup(<StaticIcon icon={icon} className={className} />), expected);
    }
  }
});

function createLucide(Icon: lucide.LucideIcon, className: string) {
  return <Icon className={className || undefined} aria-hidden="true" />;
}

test("SpriteIcon points at its IconSprite symbol, which holds lucide's own drawing", () => {
  const sprite = renderToStaticMarkup(<IconSprite icons={[lucide.Sparkles, lucide.Trash2]} />);
  for (const icon of [lucide.Sparkles, lucide.Trash2]) {
    const lucideMarkup = renderToStaticMarkup(createLucide(icon, "size-3"));
    const drawing = lucideMarkup.slice(lucideMarkup.indexOf(">") + 1, -"</svg>".length);
    const id = /<use href="#([^"]+)"/.exec(renderToStaticMarkup(<SpriteIcon icon={icon} className="size-3" />))?.[1];
    assert.ok(id, "SpriteIcon references a symbol");
    assert.ok(
      sprite.includes(
        `<symbol id="${id}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${drawing}</symbol>`,
      ),
      `${icon.displayName}'s symbol`,
    );
    // The same classes as lucide's own icon (styles select on them), hidden from assistive technology.
    const classes = /class="([^"]+)"/.exec(lucideMarkup)?.[1];
    assert.match(
      renderToStaticMarkup(<SpriteIcon icon={icon} className="size-3" />),
      new RegExp(`^<svg width="24" height="24" class="${classes}" aria-hidden="true"><use href="#${id}"></use></svg>$`),
    );
  }
});
