import type { HIGHLIGHT_COLORS } from "./schemas";

export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/**
 * The five highlight colours as the pages draw them: a tint behind the verse that keeps the text's
 * contrast in light and dark, and a swatch for the chooser. Names are what a screen reader says.
 */
export const highlightStyles: Record<HighlightColor, { name: string; tint: string; swatch: string }> = {
  yellow: {
    name: "Yellow",
    tint: "bg-yellow-200/70 dark:bg-yellow-400/25",
    swatch: "bg-yellow-300 dark:bg-yellow-400",
  },
  green: { name: "Green", tint: "bg-green-200/70 dark:bg-green-400/25", swatch: "bg-green-400 dark:bg-green-500" },
  blue: { name: "Blue", tint: "bg-sky-200/70 dark:bg-sky-400/25", swatch: "bg-sky-400 dark:bg-sky-500" },
  pink: { name: "Pink", tint: "bg-pink-200/70 dark:bg-pink-400/25", swatch: "bg-pink-400 dark:bg-pink-500" },
  purple: {
    name: "Purple",
    tint: "bg-violet-200/70 dark:bg-violet-400/25",
    swatch: "bg-violet-400 dark:bg-violet-500",
  },
};

export const highlightColorList = Object.keys(highlightStyles) as HighlightColor[];
