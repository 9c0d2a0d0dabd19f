import type { LucideIcon } from "lucide-react";
import { createElement, type ReactElement } from "react";

/** What lucide keeps of an icon: its name, aliases and SVG children. */
interface IconData {
  name?: string;
  aliases?: string[];
  node: Array<[string, Record<string, string>]>;
}

/**
 * The icon's data, read without rendering it: a lucide icon's outer render only hands its data
 * to lucide's Icon (as `icon`). static-icon.test.tsx checks the markup stays lucide's own.
 */
function iconData(icon: LucideIcon): IconData {
  const outer = icon as unknown as { render: (props: object, ref: null) => ReactElement<{ icon: IconData }> };
  return outer.render({}, null).props.icon;
}

const built = new WeakMap<LucideIcon, Map<string, ReactElement>>();

function lucideClasses(data: IconData, className: string) {
  const names = [data.name, ...(data.aliases ?? [])].filter((name) => name?.trim()).map((name) => `lucide-${name}`);
  return [...new Set(["lucide", ...names, ...className.split(/\s+/).filter(Boolean)])].join(" ");
}

/** lucide's drawing attributes, the same for every icon. */
const strokeAttributes = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/**
 * A decorative lucide icon (aria-hidden), built once per icon and class list and reused: the
 * same markup as `<Icon className aria-hidden="true" />`, without lucide working out its
 * attributes again on every render, which made icons most of a long page's render time (155 on
 * the library's first page). For lists and the shell; an icon with other props stays lucide's.
 */
export function StaticIcon({ icon, className = "" }: { icon: LucideIcon; className?: string }) {
  let byClass = built.get(icon);
  if (!byClass) built.set(icon, (byClass = new Map()));
  let element = byClass.get(className);
  if (!element) {
    const data = iconData(icon);
    element = createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        ...strokeAttributes,
        className: lucideClasses(data, className),
        "aria-hidden": "true",
      },
      data.node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
    byClass.set(className, element);
  }
  return element;
}

const spriteId = (icon: LucideIcon) => `icon-${iconData(icon).name}`;

/**
 * The drawings of icons a page repeats, once, for its SpriteIcons to point at: a list of 40
 * cards repeated five icons' paths in every card (43% of the library's HTML, and as much of its
 * render). Rendered by the page itself, so the references work without scripts or requests.
 */
export function IconSprite({ icons }: { icons: LucideIcon[] }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="hidden" aria-hidden="true">
      {icons.map((icon) => (
        <symbol key={spriteId(icon)} id={spriteId(icon)} viewBox="0 0 24 24" {...strokeAttributes}>
          {iconData(icon).node.map(([tag, attributes]) => createElement(tag, attributes))}
        </symbol>
      ))}
    </svg>
  );
}

const referenced = new WeakMap<LucideIcon, Map<string, ReactElement>>();

/** A decorative icon drawn from the page's IconSprite (which must list it): lucide's classes and size. */
export function SpriteIcon({ icon, className = "" }: { icon: LucideIcon; className?: string }) {
  let byClass = referenced.get(icon);
  if (!byClass) referenced.set(icon, (byClass = new Map()));
  let element = byClass.get(className);
  if (!element) {
    element = createElement(
      "svg",
      { width: 24, height: 24, className: lucideClasses(iconData(icon), className), "aria-hidden": "true" },
      createElement("use", { href: `#${spriteId(icon)}` }),
    );
    byClass.set(className, element);
  }
  return element;
}
