import { useSyncExternalStore } from "react";
import { themeCookie, themeOf, type Theme } from "~/utils/theme";

/**
 * The reader's display preferences (SPEC §3 local browser preferences). They live in localStorage
 * (the theme in a cookie, so the server paints it) and on <html> as data attributes, which the CSS
 * variables follow; root.tsx applies them before the first paint, and this store keeps every
 * control on the page in step (and other tabs too, except the theme: they take it on their next page).
 */
export const FONT_KEY = "sb_font";
export const HIGH_CONTRAST_KEY = "sb_high_contrast";
export const TEXT_SIZE_KEY = "sb_text_size";

export type FontChoice = "inter" | "opendyslexic";
/** The whole page scales (everything is in rem): 100%, 112.5% and 125%. */
export const textSizes = ["standard", "large", "larger"] as const;
export type TextSize = (typeof textSizes)[number];

export interface DisplayPreferences {
  font: FontChoice;
  highContrast: boolean;
  textSize: TextSize;
  theme: Theme;
}

const serverSnapshot: DisplayPreferences = {
  font: "inter",
  highContrast: false,
  textSize: "standard",
  theme: "system",
};

function textSizeOf(value: string | null): TextSize {
  return value === "large" || value === "larger" ? value : "standard";
}
let snapshot: DisplayPreferences | null = null;
const listeners = new Set<() => void>();

function readFromDocument(): DisplayPreferences {
  const root = document.documentElement;
  return {
    font: root.getAttribute("data-font") === "opendyslexic" ? "opendyslexic" : "inter",
    highContrast: root.getAttribute("data-contrast") === "high",
    textSize: textSizeOf(root.getAttribute("data-text-size")),
    theme: themeOf(root.getAttribute("data-theme")),
  };
}

function apply(next: DisplayPreferences) {
  const root = document.documentElement;
  if (next.font === "opendyslexic") root.setAttribute("data-font", "opendyslexic");
  else root.removeAttribute("data-font");
  if (next.highContrast) root.setAttribute("data-contrast", "high");
  else root.removeAttribute("data-contrast");
  if (next.textSize !== "standard") root.setAttribute("data-text-size", next.textSize);
  else root.removeAttribute("data-text-size");
  root.setAttribute("data-theme", next.theme);
  snapshot = next;
  for (const listener of listeners) listener();
}

function store(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private modes); the choice still applies to this page.
  }
}

function onStorage(event: StorageEvent) {
  if (event.key !== FONT_KEY && event.key !== HIGH_CONTRAST_KEY && event.key !== TEXT_SIZE_KEY && event.key !== null)
    return;
  let font: string | null = null;
  let contrast: string | null = null;
  let size: string | null = null;
  try {
    font = window.localStorage.getItem(FONT_KEY);
    contrast = window.localStorage.getItem(HIGH_CONTRAST_KEY);
    size = window.localStorage.getItem(TEXT_SIZE_KEY);
  } catch {
    return;
  }
  apply({
    ...getSnapshot(),
    font: font === "opendyslexic" ? "opendyslexic" : "inter",
    highContrast: contrast === "true",
    textSize: textSizeOf(size),
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot() {
  snapshot ??= readFromDocument();
  return snapshot;
}

export function setFont(font: FontChoice) {
  store(FONT_KEY, font);
  apply({ ...getSnapshot(), font });
}

export function setHighContrast(highContrast: boolean) {
  store(HIGH_CONTRAST_KEY, String(highContrast));
  apply({ ...getSnapshot(), highContrast });
}

export function setTextSize(textSize: TextSize) {
  store(TEXT_SIZE_KEY, textSize);
  apply({ ...getSnapshot(), textSize });
}

export function setTheme(theme: Theme) {
  document.cookie = themeCookie(theme);
  apply({ ...getSnapshot(), theme });
}

export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
}
