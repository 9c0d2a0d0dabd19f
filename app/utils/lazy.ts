import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * When a lazily loaded module is wanted: "now", once the browser is idle after the page is up
 * ("idle": it is then at hand, and cached for offline use, before anyone needs it), or not yet.
 */
export type LoadWhen = "now" | "idle" | "later";

const loaded = new Map<() => Promise<unknown>, unknown>();

/** Runs `work` when the browser has nothing better to do; returns a cancel function. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/**
 * Interface code that the first paint does not need (overlays that open on demand) is kept out
 * of the page's first download and loaded here, after hydration. Returns the module once it is
 * there (null during the server render and hydration, so both render the same).
 */
export function useLazyModule<T>(load: () => Promise<T>, when: LoadWhen): T | null {
  const hydrated = useHydrated();
  const [fetched, setFetched] = useState<T | null>(null);
  // A module an earlier page already loaded is used at once (never during hydration).
  const module = fetched ?? (hydrated ? ((loaded.get(load) as T | undefined) ?? null) : null);
  useEffect(() => {
    if (module || when === "later") return;
    let active = true;
    const start = () =>
      void load().then((value) => {
        loaded.set(load, value);
        if (active) setFetched(() => value);
      });
    if (when === "now") {
      start();
      return () => {
        active = false;
      };
    }
    const cancel = whenIdle(start);
    return () => {
      active = false;
      cancel();
    };
  }, [load, when, module]);
  return module;
}
