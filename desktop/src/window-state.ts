import { z } from "zod";
import type { BrowserWindowLike, Rectangle } from "./electron-api";

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;

const DEFAULT_WINDOW_SIZE = { width: 1280, height: 860 };
export const MIN_WINDOW_SIZE = { width: 390, height: 520 };
/** How much of a window must still be on a display for its saved place to be reused. */
const MIN_VISIBLE = 80;

function visibleArea(bounds: Rectangle, area: Rectangle) {
  const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
  const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
  return { width, height };
}

/**
 * Where the window opens: its saved place when that is still on a connected display (a monitor
 * unplugged since last time would otherwise open it off-screen), else the default size, centred.
 */
export function initialWindowBounds(
  saved: WindowState | undefined,
  workAreas: Rectangle[],
): Partial<Rectangle> & { width: number; height: number } {
  if (saved) {
    const display = workAreas.find((area) => {
      const visible = visibleArea(saved, area);
      return visible.width >= MIN_VISIBLE && visible.height >= MIN_VISIBLE;
    });
    if (display) {
      return {
        x: saved.x,
        y: saved.y,
        width: Math.max(MIN_WINDOW_SIZE.width, Math.min(saved.width, display.width)),
        height: Math.max(MIN_WINDOW_SIZE.height, Math.min(saved.height, display.height)),
      };
    }
  }
  const primary = workAreas[0];
  return {
    width: primary ? Math.min(DEFAULT_WINDOW_SIZE.width, primary.width) : DEFAULT_WINDOW_SIZE.width,
    height: primary ? Math.min(DEFAULT_WINDOW_SIZE.height, primary.height) : DEFAULT_WINDOW_SIZE.height,
  };
}

function currentWindowState(window: BrowserWindowLike): WindowState {
  // The normal bounds survive maximizing, so un-maximizing next time returns to the same place.
  const bounds = window.getNormalBounds();
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    maximized: window.isMaximized(),
  };
}

/** Saves the window's place shortly after it moves or resizes, and at once when it closes. */
export function trackWindowState(window: BrowserWindowLike, save: (state: WindowState) => void, delayMs = 500) {
  let timer: NodeJS.Timeout | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    save(currentWindowState(window));
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
    timer.unref?.();
  };
  for (const event of ["resize", "move", "maximize", "unmaximize"] as const) window.on(event, saveSoon);
  window.on("close", () => saveNow());
  return { saveNow };
}
