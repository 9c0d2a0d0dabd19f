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
    const names = [data.name, ...(data.aliases ?? [])].filter((name) => name?.trim()).map((name) => `lucide-${name}`);
    const classes = [...new Set(["lucide", ...names, ...className.split(/\s+/).filter(Boolean)])].join(" ");
    element = createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classes,
        "aria-hidden": "true",
      },
      data.node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
    byClass.set(className, element);
  }
  return element;
}
